/** The BullMQ side of the dashboard: job counts per queue and the worker processes connected right now. */
import type { Queue } from "bullmq";

export interface QueueHealth {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface WorkerProcess {
  host: string;
  pid: string;
  uptimeSeconds: number;
}

export async function queueHealth(queue: Queue): Promise<QueueHealth> {
  const counts = await queue.getJobCounts("waiting", "active", "delayed", "failed");
  return {
    queue: queue.name,
    waiting: counts.waiting ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
  };
}

/**
 * Workers name their Redis connections `host:pid` (worker/index.ts); one process holds several connections,
 * so the oldest connection of each name gives its uptime.
 */
export async function liveWorkers(queue: Queue): Promise<WorkerProcess[]> {
  const clients = await queue.getWorkers();
  const byName = new Map<string, WorkerProcess>();
  for (const client of clients) {
    const named = /:w:(.+):(\d+)$/.exec(client.rawname ?? "");
    const host = named?.[1] ?? client.addr ?? "unknown";
    const pid = named?.[2] ?? "?";
    const uptimeSeconds = Number(client.age ?? 0);
    const key = `${host}:${pid}`;
    const seen = byName.get(key);
    if (!seen || seen.uptimeSeconds < uptimeSeconds) byName.set(key, { host, pid, uptimeSeconds });
  }
  return [...byName.values()].sort((a, b) => a.host.localeCompare(b.host) || a.pid.localeCompare(b.pid));
}
