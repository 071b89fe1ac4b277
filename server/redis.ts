/**
 * The private Redis of `npm start` and `npm test` when REDIS_URL is unset: a redis-server from PATH listening
 * only on a unix socket (no TCP port), with BullMQ's required settings.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { connectRedis } from "#platform/redis";
import { StartRefusal, untilAnswering } from "./start-refusal";

export class RedisUnavailableError extends StartRefusal {}

/**
 * One PING over a connection of its own, which gives up at once (ioredis's own retries would print a trace
 * each). Rejects with why it failed: ioredis rejects with "Connection is closed.", and the reason
 * (ECONNREFUSED…) comes as an error event.
 */
export async function pingOnce(url: string): Promise<void> {
  const client = connectRedis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let reason: unknown;
  client.on("error", (error: unknown) => (reason = error));
  try {
    await client.connect().catch((error: unknown) => Promise.reject(reason ?? error));
    await client.ping();
  } finally {
    client.disconnect();
  }
}

/** Waits (ANSWER_WAIT_MS at most) until the Redis of REDIS_URL answers a PING. */
export function untilRedisAnswers(url: string, log: (message: string) => void) {
  return untilAnswering("REDIS_URL", url, () => pingOnce(url), {
    remedy: "start it there, or unset REDIS_URL and npm start runs a private redis-server",
    log,
  });
}

export const INSTALL_HINT =
  "redis-server was not found on PATH. Install it (Debian/Ubuntu: `sudo apt-get install redis-server`; " +
  "macOS: `brew install redis`) or set REDIS_URL to a Redis you already run (e.g. redis://127.0.0.1:6379).";

export function findOnPath(binary: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

async function answers(socket: string): Promise<boolean> {
  if (!existsSync(socket)) return false;
  return pingOnce(`unix://${socket}`).then(
    () => true,
    () => false,
  );
}

export interface PrivateRedis {
  url: string;
  /** False when a server was already answering on the socket (another `npm start`): we neither own nor stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

export async function startPrivateRedis({
  dir,
  persistent,
}: {
  dir: string;
  persistent: boolean;
}): Promise<PrivateRedis> {
  mkdirSync(dir, { recursive: true });
  const socket = path.join(dir, "redis.sock");
  const url = `unix://${socket}`;
  if (await answers(socket)) return { url, owned: false, stop: async () => undefined };

  const binary = findOnPath("redis-server");
  if (!binary) throw new RedisUnavailableError(INSTALL_HINT);
  const child = spawn(
    binary,
    [
      "--port",
      "0",
      "--unixsocket",
      socket,
      "--unixsocketperm",
      "700",
      "--dir",
      dir,
      "--appendonly",
      persistent ? "yes" : "no",
      "--save",
      "",
      "--maxmemory-policy",
      "noeviction",
      "--daemonize",
      "no",
    ],
    // A process group of its own: Ctrl-C in a terminal signals the whole foreground group, and Redis must
    // outlive the web and workers, which still use it while they stop. Whoever started it stops it last.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  for (let waited = 0; !(await answers(socket)); waited += 50) {
    if (exited || waited > 10_000) {
      child.kill("SIGKILL");
      throw new RedisUnavailableError(`redis-server did not start (socket ${socket}).`);
    }
    await delay(50);
  }
  return {
    url,
    owned: true,
    async stop() {
      if (exited) return;
      child.kill("SIGTERM");
      await exit;
    },
  };
}
