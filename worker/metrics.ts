/** What a worker process reports on /metrics: replies, time to first token, gaps between tokens, vendors. */
import { createServer, type Server } from "node:http";
import { Counter, Gauge, Histogram } from "prom-client";
import { createRegistry, serveMetrics } from "#platform/metrics";

export const workerRegistry = createRegistry("worker");

export const repliesTotal = new Counter({
  name: "rogue_replies_total",
  help: "Replies finished by this worker, by outcome (done, error, stopped).",
  labelNames: ["outcome"] as const,
  registers: [workerRegistry],
});

export const replyTtftSeconds = new Histogram({
  name: "rogue_reply_ttft_seconds",
  help: "From the request for a reply to its first token.",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [workerRegistry],
});

export const interTokenSeconds = new Histogram({
  name: "rogue_reply_inter_token_seconds",
  help: "Gap between two chunks of text arriving from a vendor.",
  buckets: [0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [workerRegistry],
});

export const vendorAttemptsTotal = new Counter({
  name: "rogue_vendor_attempts_total",
  help: "Calls to vendors, by vendor and outcome (ok or the failure code).",
  labelNames: ["vendor", "outcome"] as const,
  registers: [workerRegistry],
});

export const activeJobs = new Gauge({
  name: "rogue_worker_active_jobs",
  help: "Replies this worker is writing now.",
  registers: [workerRegistry],
});

/** Serves /metrics on `port` (loopback unless a token is set, then every interface). */
export async function startMetricsServer(port: number, token: string | undefined): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    serveMetrics(workerRegistry, token, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, token ? undefined : "127.0.0.1", resolve);
  });
  return server;
}
