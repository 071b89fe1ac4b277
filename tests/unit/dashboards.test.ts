/**
 * The Grafana dashboard and the queries in docs/operations.md must name metrics the processes really export:
 * a renamed metric would otherwise leave an empty panel or an alert that never fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { webMetrics } from "~/utils/metrics.server";
import { workerRegistry } from "#worker/metrics";

const root = path.resolve(import.meta.dirname, "../..");
const dashboard = JSON.parse(readFileSync(path.join(root, "docs/grafana-dashboard.json"), "utf8")) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const operations = readFileSync(path.join(root, "docs/operations.md"), "utf8");

/** The metric names a PromQL text uses: ours (rogue_*) and Node's defaults (nodejs_*, process_*). */
const metricNames = (text: string) =>
  [...text.matchAll(/\b((?:rogue|nodejs|process)_[a-z0-9_]+)/g)].map(([, name]) =>
    name!.replace(/_(bucket|count|sum)$/, ""),
  );

const exported = (name: string) =>
  Boolean(webMetrics().registry.getSingleMetric(name) ?? workerRegistry.getSingleMetric(name));

describe("dashboards", () => {
  it("has a panel for each of the main figures", () => {
    const queries = dashboard.panels
      .flatMap((panel) => panel.targets.map((target) => target.expr))
      .join("\n");
    for (const figure of [
      "rogue_replies_total",
      "rogue_reply_ttft_seconds_bucket",
      "rogue_reply_inter_token_seconds_bucket",
      "rogue_vendor_attempts_total",
      "rogue_queue_jobs",
      "rogue_worker_active_jobs",
      "rogue_sse_streams_open",
      "rogue_http_requests_total",
      "nodejs_eventloop_lag_p99_seconds",
    ])
      expect(queries).toContain(figure);
  });

  it("names only metrics the web or the worker exports, in the dashboard and in docs/operations.md", () => {
    const names = new Set([
      ...dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricNames(target.expr))),
      ...metricNames(operations),
    ]);
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(exported(name), name).toBe(true);
  });
});
