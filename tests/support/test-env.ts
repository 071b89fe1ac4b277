/**
 * An isolated back end for one integration test file: its own SQLite database (migrated and seeded), its own
 * queue prefix on the run's Redis, and a mock vendor that every vendor row points at.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Queue } from "bullmq";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll } from "vitest";
import { insertChatMessage, insertQueuedCompletion } from "#db/chat-writes";
import { createDatabase, type Db } from "#db/database";
import { insertChat, insertUser } from "./rows";
import { createTestDatabase } from "./test-database";
import { loadSharedEnv, type SharedEnv } from "#platform/env";
import { createLogger } from "#platform/logger";
import { closeQueue, connectRedis, queueConnection, type RedisClient } from "#platform/redis";
import { migrateToLatest } from "#db/migrate";
import { applyVendorOverrides, seed } from "#db/seed";
import {
  COMPLETION_QUEUE,
  completionJobOptions,
  completionStreamKey,
  parseStreamFields,
  type StreamEntry,
} from "#contract/jobs";
import { startWorker } from "#worker/index";
import { runCompletion, type CompletionRunner } from "#worker/processor";
import { VENDOR_NAMES } from "#contract/jobs";
import { startMockVendor, type MockVendor } from "#scripts/mock-vendor";
import { internalReach } from "#worker/vendors/reach";

export const TEST_VENDOR_KEY = "test-vendor-key";

export interface TestEnv {
  env: SharedEnv;
  db: Db;
  redis: RedisClient;
  mock: MockVendor;
  queue: Queue;
  runner(timeouts?: CompletionRunner["timeouts"]): CompletionRunner;
  /** Runs a queued completion in this process, as a worker would; resolves to how it ended. */
  run(completionId: string): ReturnType<typeof runCompletion>;
  createUser(): Promise<string>;
  /** Stores a chat with one user message and a queued completion for it, as the send action does. */
  createCompletion(
    userId: string,
    content: string,
    options?: { chatId?: string; modelId?: string },
  ): Promise<{ chatId: string; completionId: string }>;
  enqueue(completionId: string): Promise<void>;
  /** Reads the completion's stream until its terminal entry (XREAD BLOCK, no polling). */
  readStream(
    completionId: string,
    timeoutMs?: number,
  ): Promise<{ text: string; entries: [string, StreamEntry][]; terminal: StreamEntry }>;
  close(): Promise<void>;
}

export async function createTestEnv(): Promise<TestEnv> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rogue-it-"));
  const database = await createTestDatabase(dataDir);
  const mock = await startMockVendor({ port: 0 });
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    QUEUE_PREFIX: `it-${randomBytes(6).toString("hex")}`,
    APP_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
    // The operator's own endpoints, as npm run dev sets them: workers may call the mock on loopback.
    ...Object.fromEntries(
      VENDOR_NAMES.map((name) => [`VENDOR_${name.toUpperCase()}_URL`, mock.endpoint(name)]),
    ),
  });
  const env = loadSharedEnv();
  const db = createDatabase(env.databaseUrl);
  await migrateToLatest(db);
  await seed(db);
  await applyVendorOverrides(
    db,
    Object.fromEntries(
      VENDOR_NAMES.map((name) => [name, { url: mock.endpoint(name), key: TEST_VENDOR_KEY }]),
    ) as Parameters<typeof applyVendorOverrides>[1],
    env.appSecret,
  );
  const redis = connectRedis(env.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(COMPLETION_QUEUE, {
    connection: queueConnection(env.redisUrl),
    prefix: env.queuePrefix,
  });
  const logger = createLogger("test", "silent");
  const runner = (timeouts = { firstTokenMs: 5_000, idleMs: 5_000 }): CompletionRunner => ({
    db,
    redis,
    appSecret: env.appSecret,
    logger,
    timeouts,
    internalReach: internalReach(env),
  });

  return {
    env,
    db,
    redis,
    mock,
    queue,
    runner,
    run: (completionId) => runCompletion(runner(), completionId, new AbortController().signal),
    createUser: () => insertUser(db),
    createCompletion: (userId, content, options) => storeQueuedCompletion(db, userId, content, options),
    async enqueue(completionId) {
      await queue.add("completion", { completionId }, completionJobOptions(completionId));
    },
    readStream: (completionId, timeoutMs) => readCompletionStream(env.redisUrl, completionId, timeoutMs),
    async close() {
      // The web's server context, opened by the first route or module call, holds this database and Redis too.
      const { closeServerContext } = await import("~/modules/server-context.server");
      await closeServerContext();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await closeQueue(queue);
      redis.disconnect();
      await mock.close();
      await db.destroy();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Stands for a value a `beforeAll` makes: every property read is forwarded to it, so a test file can name it
 * at the top and use it in its hooks and tests.
 */
function madeBeforeAll<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = current();
      if (value === undefined) throw new Error(`${what} exists only once beforeAll has run`);
      return Reflect.get(value, key) as unknown;
    },
  });
}

/** The test file's own back end (createTestEnv), made before its first test and closed after its last. */
export function setUpTestEnv(): TestEnv {
  let env: TestEnv | undefined;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env?.close());
  return madeBeforeAll("The test environment", () => env);
}

/**
 * Modules imported once setUpTestEnv (called before) has set the environment: the app's modules read their
 * settings when first used.
 */
export function importAfterEnv<T extends object>(load: () => Promise<T>): T {
  let loaded: T | undefined;
  beforeAll(async () => {
    loaded = await load();
  });
  return madeBeforeAll("A module imported after the environment", () => loaded);
}

/** A worker taking this test file's jobs from its first test to its last. */
export function setUpWorker(concurrency: number): void {
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  beforeAll(async () => {
    worker = await startWorker({ concurrency });
  });
  afterAll(() => worker?.close());
}

/** Stores a chat with one user message and a queued completion for it, as the send action does. */
export async function storeQueuedCompletion(
  db: Db,
  userId: string,
  content: string,
  options: { chatId?: string; modelId?: string } = {},
): Promise<{ chatId: string; completionId: string }> {
  const modelId = options.modelId ?? "dolphin-mixtral-8x22b";
  const chatId = options.chatId ?? (await insertChat(db, userId, content.slice(0, 30), { modelId }));
  const userMessageId = await insertChatMessage(db, { chatId, userId, role: "user", content });
  const completionId = uuidv7();
  await insertQueuedCompletion(db, {
    id: completionId,
    chatId,
    userId,
    userMessageId,
    modelId,
    temperature: 0.7,
  });
  return { chatId, completionId };
}

/** Reads a completion's stream until its terminal entry (XREAD BLOCK, no polling). */
export async function readCompletionStream(
  redisUrl: string,
  completionId: string,
  timeoutMs = 10_000,
): Promise<{ text: string; entries: [string, StreamEntry][]; terminal: StreamEntry }> {
  const reader = connectRedis(redisUrl, { maxRetriesPerRequest: null });
  const deadline = Date.now() + timeoutMs;
  const entries: [string, StreamEntry][] = [];
  let cursor = "0-0";
  try {
    while (Date.now() < deadline) {
      const reply = (await reader.xread(
        "BLOCK",
        Math.max(1, deadline - Date.now()),
        "STREAMS",
        completionStreamKey(completionId),
        cursor,
      )) as [string, [string, string[]][]][] | null;
      for (const [id, fields] of reply?.[0]?.[1] ?? []) {
        cursor = id;
        const entry = parseStreamFields(fields);
        entries.push([id, entry]);
        if (entry.type !== "token") {
          return {
            text: entries.map(([, e]) => (e.type === "token" ? e.text : "")).join(""),
            entries,
            terminal: entry,
          };
        }
      }
    }
    throw new Error(`no terminal entry for ${completionId} within ${timeoutMs} ms`);
  } finally {
    reader.disconnect();
  }
}

export const directive = (behaviour: object) => `[[mock:${JSON.stringify(behaviour)}]]`;
