/**
 * Re-queues completions left `queued` with no job: a web process that crashed (or lost Redis) between storing a
 * request and adding its job would otherwise leave the chat busy for good. The job id is the completion id, so
 * a sweep racing the web's own enqueue (or another worker's sweep) adds the job once.
 */
import type { Queue } from "bullmq";
import type { Db } from "#db/database";
import type { Logger } from "#platform/logger";
import { completionJobOptions, type CompletionJob } from "#contract/jobs";
import { ACTIVE_STATUSES } from "#contract/lifecycle";

/** How often a worker sweeps, and how long a request may wait for its job before it counts as stranded. */
export const DEFAULT_SWEEP = { intervalMs: 30_000, graceMs: 30_000 };

/** Adds a job for each stranded completion; returns their ids. */
export async function sweepStrandedCompletions(
  db: Db,
  queue: Queue<CompletionJob>,
  logger: Logger,
  graceMs: number,
): Promise<string[]> {
  const before = new Date(Date.now() - graceMs).toISOString();
  const queued = await db
    .selectFrom("completions")
    .select("id")
    .where("status", "=", "queued")
    .where("created_at", "<", before)
    .execute();
  const requeued: string[] = [];
  for (const { id } of queued) {
    if (await queue.getJob(id)) continue;
    await queue.add("completion", { completionId: id }, completionJobOptions(id));
    logger.warn({ completionId: id }, "re-queued a completion that had no job");
    requeued.push(id);
  }
  return requeued;
}

/** How long a developer-API request's conversation and reply are kept (docs/product.md §12). */
export const API_RETENTION_MS = 24 * 3600 * 1000;

/**
 * Deletes the hidden chats of developer-API requests last active over a day ago, with their messages, replies
 * and attempts (the foreign keys cascade); the usage ledger keeps its counts, which hold no text. A request
 * still queued or streaming is never old enough to matter: its chat's activity time moves when it finishes.
 */
export async function purgeApiConversations(db: Db, retentionMs = API_RETENTION_MS): Promise<number> {
  const before = new Date(Date.now() - retentionMs).toISOString();
  const result = await db
    .deleteFrom("chat_history")
    .where("source", "=", "api")
    .where("updated_at", "<", before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("completions")
            .select("completions.id")
            .whereRef("completions.chat_id", "=", "chat_history.id")
            .where("completions.status", "in", ACTIVE_STATUSES),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sweeps every `intervalMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startSweeper(
  db: Db,
  queue: Queue<CompletionJob>,
  logger: Logger,
  options: typeof DEFAULT_SWEEP = DEFAULT_SWEEP,
) {
  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = Promise.all([
      sweepStrandedCompletions(db, queue, logger, options.graceMs).catch((error: unknown) =>
        logger.error({ err: error }, "sweeping stranded completions failed"),
      ),
      purgeApiConversations(db).catch((error: unknown) =>
        logger.error({ err: error }, "deleting old API conversations failed"),
      ),
    ]);
  }, options.intervalMs);
  timer.unref();
  /** Stops sweeping and waits for a sweep under way, so the queue and database can be closed after it. */
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
}
