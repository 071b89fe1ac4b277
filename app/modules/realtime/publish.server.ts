import type { RedisClient } from "#platform/redis";
import { webLogger } from "~/utils/logger.server";
import { readyRedis } from "../server-context.server";
import { REALTIME_CHANNEL, type RealtimeEvent } from "./events";

/**
 * Announces a change to open pages. The change is already stored: a lost announcement only means a page
 * shows it on its next load, so a Redis failure here is logged, not thrown.
 */
export async function publishEvent(redis: RedisClient, event: RealtimeEvent) {
  try {
    // Just after start the shared connection may still be connecting (it has no offline queue): wait briefly.
    if (redis.status !== "ready") await readyRedis();
    await redis.publish(REALTIME_CHANNEL, JSON.stringify(event));
  } catch (error) {
    webLogger().warn({ err: error, event: event.type }, "publishing a live event failed");
  }
}
