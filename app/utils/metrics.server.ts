/** What the web process reports on /metrics (served by server/app.ts), beside Node's default metrics. */
import { Counter, Gauge } from "prom-client";
import { createRegistry } from "#platform/metrics";
import { QUEUE_STATES, queueJobCounts } from "~/modules/admin/queue-health.server";
import { serverContext } from "~/modules/server-context.server";

function create() {
  const registry = createRegistry("web");
  return {
    registry,
    httpRequests: new Counter({
      name: "rogue_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
    replyRequests: new Counter({
      name: "rogue_reply_requests_total",
      help: "Requests for a reply (send, quick action, regenerate, edit, model switch): queued, or the refusal.",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    openStreams: new Gauge({
      name: "rogue_sse_streams_open",
      help: "Reply event streams open on this web process.",
      registers: [registry],
    }),
    queueJobs: new Gauge({
      name: "rogue_queue_jobs",
      help: "Completion jobs in the queue, by state (read from BullMQ when scraped).",
      labelNames: ["state"] as const,
      registers: [registry],
      // Every web process reads the same queue: WEB_CONCURRENCY's summed /metrics takes one reading, not N.
      aggregator: "max",
      async collect() {
        const counts = await queueJobCounts(serverContext().queue);
        for (const state of QUEUE_STATES) this.set({ state }, counts[state]);
      },
    }),
  };
}

let metrics: ReturnType<typeof create> | undefined;

/** One set per process, made on first use. */
export function webMetrics() {
  metrics ??= create();
  return metrics;
}
