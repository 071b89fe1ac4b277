/** The web process's long-lived connections, created on first use and shared by every request. */
import { Queue, QueueEvents } from "bullmq";
import { createDatabase, serviceDatabaseOptions, type Db } from "#db/database";
import { closeQueue, connectRedis, queueConnection, type RedisClient } from "#platform/redis";
import { COMPLETION_QUEUE, VENDOR_CHECK_QUEUE } from "#contract/jobs";
import { messages } from "./texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import { StreamHub } from "./completions/stream-hub.server";
import { closeRealtime } from "./realtime/subscriber.server";

interface ServerContext {
  db: Db;
  redis: RedisClient;
  queue: Queue;
  hub: StreamHub;
  vendorChecks: { queue: Queue; events: QueueEvents };
}

let context: ServerContext | undefined;

/** How long a command of the web's may wait for Redis's answer before the request answers 503. */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

function create(): ServerContext {
  const env = webEnv();
  // Fail fast when Redis is down, so a send answers 503 instead of hanging: a closed connection fails at once,
  // and a Redis that stalls with its connection open (a paused process, a lost network) fails its commands
  // after REDIS_COMMAND_TIMEOUT_MS. Blocking readers (the hub's, QueueEvents) have no such timeout.
  const failFast = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  };
  const redis = connectRedis(env.redisUrl, { ...failFast, lazyConnect: false });
  return {
    db: createDatabase(env.databaseUrl, serviceDatabaseOptions(webLogger())),
    redis,
    queue: new Queue(COMPLETION_QUEUE, {
      connection: queueConnection(env.redisUrl, failFast),
      prefix: env.queuePrefix,
    }),
    hub: new StreamHub(env.redisUrl, webLogger()),
    vendorChecks: {
      queue: new Queue(VENDOR_CHECK_QUEUE, {
        connection: queueConnection(env.redisUrl, failFast),
        prefix: env.queuePrefix,
      }),
      events: new QueueEvents(VENDOR_CHECK_QUEUE, {
        connection: queueConnection(env.redisUrl),
        prefix: env.queuePrefix,
      }),
    },
  };
}

export function serverContext(): ServerContext {
  context ??= create();
  return context;
}

export const db = () => serverContext().db;

const REDIS_WAIT_MS = 2_000;

/** The 503 every request that needs Redis answers while Redis does not, with the catalogue's text. */
export const redisUnavailable = () =>
  new Response(messages.serviceUnavailable, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" },
  });

/**
 * The shared Redis connection once it is ready. The first requests after start wait for it briefly rather
 * than fail (it has no offline queue); when Redis does not answer, the request ends with 503 and the
 * catalogue's text.
 */
export async function readyRedis(redis = serverContext().redis): Promise<RedisClient> {
  if (redis.status === "ready") return redis;
  const ready = await new Promise<boolean>((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(value);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), REDIS_WAIT_MS);
    redis.once("ready", onReady);
  });
  if (!ready) throw redisUnavailable();
  return redis;
}

export async function closeServerContext() {
  const closing = context;
  if (!closing) return;
  context = undefined;
  // Close everything even when Redis is already gone (a close then rejects), and the database last.
  const closed = await Promise.allSettled([
    closing.hub.close(),
    closeQueue(closing.queue),
    closeQueue(closing.vendorChecks.queue),
    closeQueue(closing.vendorChecks.events),
  ]);
  closing.redis.disconnect();
  closeRealtime();
  await closing.db.destroy();
  for (const result of closed) {
    if (result.status === "rejected")
      webLogger().warn({ err: result.reason }, "closing a Redis client failed");
  }
}
