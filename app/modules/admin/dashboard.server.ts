/** Everything the dashboard shows, each part failing on its own (a Redis outage still shows the counts). */
import { serverContext } from "../server-context.server";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import { vendorHealth } from "./analytics.server";
import { liveWorkers, queueHealth } from "./queue-health.server";
import { systemStats } from "./stats.server";
import { listVendors } from "./vendors.server";

const HOUR_MS = 3600 * 1000;

async function settle<T>(what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    webLogger().warn({ err: error }, `dashboard: reading ${what} failed`);
    return null;
  }
}

export async function loadDashboard() {
  const { db, queue, vendorChecks } = serverContext();
  const [stats, queues, workers, health, vendors] = await Promise.all([
    settle("counts", () => systemStats(db)),
    settle("queues", () => Promise.all([queueHealth(queue), queueHealth(vendorChecks.queue)])),
    settle("workers", () => liveWorkers(queue)),
    settle("vendor health", () => vendorHealth(db, new Date(Date.now() - HOUR_MS))),
    settle("vendors", () => listVendors(db, webEnv().appSecret)),
  ]);
  return {
    stats: stats ?? { userCount: 0, chatCount: 0, messageCount: 0, lastUpdated: new Date().toISOString() },
    queues,
    workers,
    vendors: (vendors ?? []).map((vendor) => ({
      name: vendor.name,
      displayName: vendor.displayName,
      isActive: vendor.isActive,
      lastTest: vendor.lastTest,
      health: health?.find((row) => row.vendor === vendor.name) ?? null,
    })),
  };
}
