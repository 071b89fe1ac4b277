/**
 * Everything the benchmark runs against, started by itself and stopped on any exit: the mock vendor process,
 * then the product through startStack (Redis, database, build, web, workers) in a throwaway data folder.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import { redisConnectionOptions } from "#platform/redis";
import { MOCK_VENDORS } from "#scripts/mock-vendor";
import { buildIfNeeded } from "#server/build-if-needed";
import { startStack, type Stack } from "#server/stack";
import { fetchText } from "./http-client";
import { startMockProcess, type MockProcess } from "./mock-client";
import { startPeerProcess, type PeerProcess } from "./peer-client";
import { startFloorProcesses, type FloorProcesses } from "./floor-client";
import type { Watched } from "./procstats";
import { freePort } from "#scripts/free-port";

const READY_TIMEOUT_MS = 120_000;

export interface EnvironmentOptions {
  workers: number;
  workerConcurrency: number;
  /** The product's PROFESSIONAL_REPLIES_IN_FLIGHT: the replies one benchmark user has in flight at most. */
  repliesPerUser: number;
  logLevel: string;
  /** When set, web and workers write V8 CPU profiles into this folder (see profile-hook.ts). */
  profileDir?: string;
  /** Web and workers report their live heap on SIGUSR2 (see heap-hook.ts), into the environment's data folder. */
  heapProbe?: boolean;
  log(message: string): void;
}

export interface Environment {
  baseUrl: string;
  mock: MockProcess;
  /** The Vercel AI SDK proxy in front of the same mock (docs/decisions/0007-bench-peer-ai-sdk.md). */
  peer: PeerProcess;
  /** The product's queue path alone, on the product's Redis (bench/floor-web.ts). */
  floor: FloorProcesses;
  stack: Stack;
  /** A connection of the benchmark's own to the product's Redis, for its counters. */
  redis: Redis;
  /** The processes whose memory and CPU are reported. */
  watched: Watched[];
  usesPrivateRedis: boolean;
  /** Where web and workers write their heap samples (heap-hook.ts), when the run asked for them. */
  heapDir?: string;
  stop(): Promise<void>;
}

async function waitUntilReady(baseUrl: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const answer = await fetchText(`${baseUrl}/healthz`, { method: "GET", timeoutMs: 2_000 }).catch(
      () => null,
    );
    if (answer?.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`the web process did not answer /healthz within ${READY_TIMEOUT_MS} ms`);
    await delay(100);
  }
}

/** The environment variables of the product under test, as the browser tests would set them. */
async function productEnv(options: EnvironmentOptions, mock: MockProcess, dataDir: string) {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    QUEUE_PREFIX: `bench-${process.pid}`,
    LOG_LEVEL: options.logLevel,
    WORKER_CONCURRENCY: String(options.workerConcurrency),
    // One web process: the scenarios charge "web" CPU to the pid startStack runs (the process scenarios start
    // their own WEB_CONCURRENCY products).
    WEB_CONCURRENCY: "1",
    // The benchmark signs up all its users from one address: up to a thousand streams' worth (scale,
    // capacity), past the product's per-address sign-up limit.
    SIGNUPS_PER_HOUR: "100000",
    // Each benchmark user carries --chats-per-user replies at once: the product's cap must let them.
    PROFESSIONAL_REPLIES_IN_FLIGHT: String(options.repliesPerUser),
    APP_SECRET: process.env.APP_SECRET ?? randomBytes(32).toString("hex"),
  };
  for (const vendor of MOCK_VENDORS) {
    env[`VENDOR_${vendor.toUpperCase()}_URL`] = mock.endpoint(vendor);
    env[`VENDOR_${vendor.toUpperCase()}_KEY`] = "bench-key";
  }
  const hooks: string[] = [];
  if (options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    env.BENCH_PROFILE_DIR = path.resolve(options.profileDir);
    hooks.push("profile-hook.ts");
  }
  if (options.heapProbe) {
    env.BENCH_HEAP_DIR = dataDir;
    hooks.push("heap-hook.ts");
  }
  if (hooks.length) {
    // tsx first, so the hooks (TypeScript) can load; Node 20 refuses --cpu-prof in NODE_OPTIONS.
    const imports = hooks.map((hook) => `--import ${path.join(import.meta.dirname, hook)}`);
    env.NODE_OPTIONS = [process.env.NODE_OPTIONS ?? "", "--import tsx", ...imports].join(" ").trim();
  }
  return env;
}

/** The private redis-server's pid (it runs on this machine, so /proc has its memory and CPU). */
async function redisPid(redis: Redis): Promise<number> {
  const info = await redis.info("server");
  return Number(/process_id:(\d+)/.exec(info)?.[1] ?? Number.NaN);
}

/** Runs `cleanup` once, whether the benchmark ends, fails or is interrupted (a second Ctrl-C exits at once). */
function onAnyExit(cleanup: () => Promise<void>) {
  let running: Promise<void> | undefined;
  const once = () => (running ??= cleanup());
  const interrupted = (signal: NodeJS.Signals) => {
    process.once(signal, () => process.exit(130));
    console.error(`\n${signal}: stopping everything the benchmark started...`);
    once()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  return once;
}

export async function startEnvironment(options: EnvironmentOptions): Promise<Environment> {
  // Short on purpose: the private Redis listens on a unix socket in here, and socket paths are limited to ~100 bytes.
  const dataDir = mkdtempSync("/tmp/rbench-");
  let mock: MockProcess | undefined;
  let peer: PeerProcess | undefined;
  let floor: FloorProcesses | undefined;
  let stack: Stack | undefined;
  let redis: Redis | undefined;
  const stop = onAnyExit(async () => {
    redis?.disconnect();
    await floor?.stop();
    await stack?.stop().catch((error: unknown) => options.log(`stack stop failed: ${String(error)}`));
    await peer?.stop();
    await mock?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    const { NODE_OPTIONS: _profilerFlags, ...mockEnv } = process.env;
    mock = await startMockProcess(mockEnv);
    options.log(`mock vendor on ${mock.url} (pid ${mock.pid})`);
    peer = await startPeerProcess(mockEnv, mock.endpoint("openai").replace(/\/chat\/completions$/, ""));
    options.log(`peer proxy (AI SDK streamText) on ${peer.url} (pid ${peer.pid})`);
    // Built before the profiler's NODE_OPTIONS apply: a build run under the hook never exits.
    buildIfNeeded((message) => options.log(message));
    Object.assign(process.env, await productEnv(options, mock, dataDir));
    const usesPrivateRedis = !process.env.REDIS_URL;
    stack = await startStack({
      workers: options.workers,
      persistentRedis: false,
      log: (message) => options.log(message),
      onUnexpectedExit: (name, code) => {
        console.error(`${name} exited unexpectedly (code ${code}); stopping the benchmark`);
        stop()
          .catch((error: unknown) => console.error(error))
          .finally(() => process.exit(1));
      },
    });
    const baseUrl = `http://127.0.0.1:${stack.env.port}`;
    await waitUntilReady(baseUrl);
    redis = new Redis({ ...redisConnectionOptions(stack.env.redisUrl), maxRetriesPerRequest: 1 });
    floor = await startFloorProcesses(mockEnv, stack.env.redisUrl, mock.endpoint("together"));
    options.log(`floor (the queue path alone) on ${floor.url} (pids ${floor.webPid}, ${floor.workerPid})`);
    const watched: Watched[] = [
      ...stack.processes.map(({ name, child }) => ({ name, pid: child.pid! })),
      ...(usesPrivateRedis ? [{ name: "redis", pid: await redisPid(redis) }] : []),
      { name: "peer proxy (AI SDK)", pid: peer.pid },
      { name: "floor web", pid: floor.webPid },
      { name: "floor worker", pid: floor.workerPid },
      { name: "mock vendor", pid: mock.pid },
      { name: "bench client", pid: process.pid },
    ];
    const heapDir = options.heapProbe ? dataDir : undefined;
    return { baseUrl, mock, peer, floor, stack, redis, watched, usesPrivateRedis, heapDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
