import { once } from "node:events";
import type { Redis } from "ioredis";
import { COMPLETION_STOP_CHANNEL, completionStopKey } from "#worker/jobs";

const CONNECT_WAIT_MS = 2_000;

/**
 * The web's Redis client refuses commands until it is connected (no offline queue, so sends fail fast); a stop
 * asked for in the first moments after start waits briefly for the connection instead of being lost.
 */
async function connected(redis: Redis) {
  if (redis.status === "ready") return;
  await Promise.race([
    once(redis, "ready"),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error("Redis is not connected")), CONNECT_WAIT_MS).unref(),
    ),
  ]);
}

/** Asks the workers running (or about to run) these replies to stop; the text so far is kept. */
export async function requestStops(redis: Redis, completionIds: readonly string[]) {
  if (completionIds.length === 0) return;
  await connected(redis);
  const batch = redis.multi();
  for (const id of completionIds) {
    batch.set(completionStopKey(id), "1", "EX", 600).publish(COMPLETION_STOP_CHANNEL, id);
  }
  await batch.exec();
}
