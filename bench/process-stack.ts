/**
 * The product as ops would scale it, for the process scenarios: `web` web processes sharing one port
 * (WEB_CONCURRENCY) and `workers` worker processes, on a scratch PostgreSQL database (on
 * DATABASE_TEST_POSTGRES_URL's server, as the integration suite) or SQLite in its data folder, and a
 * private Redis of its own, every vendor
 * pointed at the benchmark's mock. Started beside the benchmark's main environment and stopped after the
 * phase, so each (web, workers) pair starts cold and alike.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import { createDatabase } from "#db/database";
import { redisConnectionOptions } from "#platform/redis";
import { createTestDatabase } from "#tests/support/test-database";
import { startStack, type Stack } from "#server/stack";
import type { BenchContext } from "./context";
import type { Watched } from "./procstats";
import { ProductClient } from "./streams";
import { freePort } from "#scripts/free-port";

const WEB_SETTLE_MS = 5_000;

export interface ProcessStack {
  baseUrl: string;
  stack: Stack;
  databaseUrl: string;
  dataDir: string;
  /** A connection of the benchmark's own to the stack's Redis. */
  redis: Redis;
  product: ProductClient;
  cookies: string[];
  /** The web processes serving now (the cluster primary's children). */
  webPids(): number[];
  /** Every process of the product now: the web primary, its web processes, the workers, Redis. */
  watched(): Watched[];
  stop(): Promise<void>;
}

/** The children of `pid` (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export async function startProcessStack(
  context: BenchContext,
  {
    web,
    workers,
    users,
    database: dialect,
  }: { web: number; workers: number; users: number; database: "sqlite" | "postgres" },
): Promise<ProcessStack> {
  const dataDir = mkdtempSync("/tmp/rproc-");
  const database = await createTestDatabase(dataDir, dialect);
  const saved = { ...process.env };
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PORT: String(await freePort()),
    WEB_CONCURRENCY: String(web),
    QUEUE_PREFIX: `bench-proc-${process.pid}`,
  });
  // Not REDIS_URL: each stack gets a private Redis of its own in its data folder.
  delete process.env.REDIS_URL;
  let stack: Stack | undefined;
  try {
    stack = await startStack({
      workers,
      persistentRedis: false,
      restartStoppedWorkers: true,
      log: (message) => context.log(`  ${message}`),
    });
    await stack.whenReady(120_000);
    // /healthz answers once one web process listens; the cluster hands connections only to those that do, and a
    // keep-alive client stays on the process it first reached. Let them all start before anyone connects.
    if (web > 1) await delay(WEB_SETTLE_MS);
  } catch (error) {
    await stack?.stop();
    await database.drop();
    throw error;
  } finally {
    process.env = saved;
  }
  const started = stack;
  const baseUrl = `http://127.0.0.1:${started.env.port}`;
  const product = new ProductClient(baseUrl);
  const stamp = `${Date.now().toString(36)}${web}${workers}`;
  const emails = Array.from({ length: users }, (_, i) => `proc-${stamp}-${i}@example.com`);
  const cookies: string[] = [];
  for (const email of emails) cookies.push(await product.signup(email, 30_000));
  const db = createDatabase(database.url);
  await db.updateTable("users").set({ plan: "professional" }).where("email", "in", emails).execute();
  await db.destroy();

  const [primary, ...workerProcesses] = started.processes;
  const redis = new Redis({ ...redisConnectionOptions(started.env.redisUrl), maxRetriesPerRequest: 1 });
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info("server"))?.[1]);
  const webPids = () => (web > 1 ? childPids(primary!.child.pid!) : [primary!.child.pid!]);
  return {
    baseUrl,
    stack: started,
    databaseUrl: database.url,
    dataDir,
    redis,
    product,
    cookies,
    webPids,
    watched: () => [
      ...(web > 1 ? [{ name: "web primary", pid: primary!.child.pid! }] : []),
      ...webPids().map((pid, i) => ({ name: `web ${i + 1}`, pid })),
      ...workerProcesses.map((w, i) => ({ name: `worker ${i + 1}`, pid: w.child.pid! })),
      { name: "redis", pid: redisPid },
    ],
    async stop() {
      redis.disconnect();
      await started.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
