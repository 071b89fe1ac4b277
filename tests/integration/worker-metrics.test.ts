/** A worker's /metrics after real replies: outcomes, time to first token, gaps between tokens, vendor calls. */
import { describe, expect, it } from "vitest";
import { startMetricsServer } from "#worker/metrics";
import { startWorker } from "#worker/index";
import { directive, setUpTestEnv } from "../support/test-env";
import { metricSample } from "../support/metrics-text";

const t = setUpTestEnv();

describe("worker metrics", () => {
  it("serves the reply, latency and vendor families on /metrics after a reply and a failure", async () => {
    const worker = await startWorker({ concurrency: 2 });
    const server = await startMetricsServer(0, undefined);
    try {
      const userId = await t.createUser();
      const ok = await t.createCompletion(userId, "Count to five");
      const failed = await t.createCompletion(userId, `refused ${directive({ fault: "400" })}`);
      await t.enqueue(ok.completionId);
      await t.enqueue(failed.completionId);
      expect((await t.readStream(ok.completionId)).terminal.type).toBe("done");
      expect((await t.readStream(failed.completionId)).terminal.type).toBe("error");

      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(metricSample(text, 'rogue_replies_total{outcome="done"')).toBeGreaterThanOrEqual(1);
      expect(metricSample(text, 'rogue_replies_total{outcome="error"')).toBeGreaterThanOrEqual(1);
      expect(
        metricSample(text, 'rogue_vendor_attempts_total{vendor="together",outcome="ok"'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        metricSample(text, 'rogue_vendor_attempts_total{vendor="together",outcome="bad_request"'),
      ).toBeGreaterThanOrEqual(1);
      expect(metricSample(text, "rogue_reply_ttft_seconds_count")).toBeGreaterThanOrEqual(1);
      expect(metricSample(text, "rogue_reply_inter_token_seconds_count")).toBeGreaterThanOrEqual(1);
      expect(text).toContain("rogue_worker_active_jobs");
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
      await worker.close();
    }
  });
});
