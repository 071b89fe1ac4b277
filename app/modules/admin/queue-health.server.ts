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

export const QUEUE_STATES = ["waiting", "active", "delayed", "failed"] as const;

/**
 * The queue's jobs by state. Every reply's job carries a priority (its place among its user's replies in
 * flight), and BullMQ keeps prioritized jobs apart from plain waiting ones: both are waiting to a reader.
 */
export async function queueJobCounts(queue: Queue): Promise<Record<(typeof QUEUE_STATES)[number], number>> {
  const counts = await queue.getJobCounts("waiting", "prioritized", "active", "delayed", "failed");
  return {
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
  };
}

export async function queueHealth(queue: Queue): Promise<QueueHealth> {
  return { queue: queue.name, ...(await queueJobCounts(queue)) };
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
