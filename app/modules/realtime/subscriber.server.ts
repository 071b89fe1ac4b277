/**
 * One Redis subscription per web process for the live admin events, shared by every open page's event stream
 * (not one Redis connection per browser).
 */
import { connectRedis, type RedisClient } from "#platform/redis";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import { REALTIME_CHANNEL, realtimeEventSchema, type RealtimeEvent } from "./events";

type Listener = (event: RealtimeEvent) => void;

let shared: { subscriber: RedisClient; listeners: Set<Listener> } | undefined;

function hub() {
  if (shared) return shared;
  const subscriber = connectRedis(webEnv().redisUrl, { maxRetriesPerRequest: null });
  const listeners = new Set<Listener>();
  subscriber.on("error", (error) => webLogger().warn({ err: error.message }, "live events subscriber error"));
  subscriber.subscribe(REALTIME_CHANNEL).catch((error: unknown) => {
    webLogger().warn({ err: error }, "subscribing to live events failed");
  });
  subscriber.on("message", (_channel: string, raw: string) => {
    let parsed;
    try {
      parsed = realtimeEventSchema.safeParse(JSON.parse(raw));
    } catch {
      return;
    }
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
  });
  shared = { subscriber, listeners };
  return shared;
}

export function onRealtimeEvent(listener: Listener): () => void {
  const { listeners } = hub();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function closeRealtime() {
  shared?.subscriber.disconnect();
  shared = undefined;
}
