import type { RedisClient } from "#platform/redis";
import { COMPLETION_STOP_CHANNEL, completionStopKey } from "#contract/jobs";
import { readyRedis } from "../server-context.server";

/** Asks the workers running (or about to run) these replies to stop; the text so far is kept. */
export async function requestStops(redis: RedisClient, completionIds: readonly string[]) {
  if (completionIds.length === 0) return;
  // A stop asked for in the first moments after start waits briefly for the connection instead of being
  // lost; during an outage it ends in 503 with the catalogue's text.
  await readyRedis(redis);
  const batch = redis.multi();
  for (const id of completionIds) {
    batch.set(completionStopKey(id), "1", "EX", 600).publish(COMPLETION_STOP_CHANNEL, id);
  }
  await batch.exec();
}
