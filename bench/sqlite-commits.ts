/**
 * How long a new chat's send transaction takes in the writing process, with SQLite checkpointing the WAL in
 * the commit that fills it (the default) and with the web and worker's background checkpoint thread
 * (db/sqlite/wal-checkpointer.ts; docs/decisions/0004-sqlite-begin-immediate.md). Each round opens a fresh migrated
 * database per mode, the modes alternating, and stores the send's rows (chat, message, completion, ledger) in
 * one transaction at a time. Run:
 *   npx tsx bench/sqlite-commits.ts [sends per round] [rounds]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { v7 as uuidv7 } from "uuid";
import { insertChatMessage, insertQueuedCompletion } from "#db/chat-writes";
import { createDatabase, type DatabaseOptions } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { nowIso } from "#db/schema";
import { seed } from "#db/seed";
import { insertWithNewId } from "#db/new-row";
import { createUser } from "~/modules/auth/users.server";
import { ms as format, summarize } from "./stats";

const SENDS = Number(process.argv[2] ?? 5_000);
const ROUNDS = Number(process.argv[3] ?? 2);
/** The load lets the process turn between sends, as a web process does; a tight loop would starve the thread. */
const TURN_EVERY = 20;

const MODES: Record<string, DatabaseOptions> = {
  "SQLite's own checkpoints": {},
  "background thread": { backgroundCheckpoints: { onError: (error) => console.error(error) } },
};

async function round(options: DatabaseOptions) {
  const dir = mkdtempSync(path.join(tmpdir(), "rogue-commits-"));
  const db = createDatabase(`file:${path.join(dir, "bench.sqlite")}`, options);
  try {
    await migrateToLatest(db);
    await seed(db);
    const { id: userId } = await createUser(db, {
      email: "commits@example.com",
      name: "Commits",
      password: "a password for the benchmark",
    });
    const { model_id: modelId } = await db
      .selectFrom("ai_models")
      .select("model_id")
      .executeTakeFirstOrThrow();
    const ms: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const startedAt = performance.now();
      await db.transaction().execute(async (trx) => {
        const stamp = nowIso();
        const chatId = await insertWithNewId(trx, "chat_history", {
          user_id: userId,
          title: `Chat ${i}`,
          model_id: modelId,
          archived_at: null,
          source: "chat",
          created_at: stamp,
          updated_at: stamp,
        });
        const content = `Question ${i}: ${"words ".repeat(40)}`;
        const userMessageId = await insertChatMessage(trx, { chatId, userId, role: "user", content });
        await insertQueuedCompletion(trx, {
          id: uuidv7(),
          chatId,
          userId,
          userMessageId,
          modelId,
          temperature: 0.7,
        });
      });
      ms.push(performance.now() - startedAt);
      if (i % TURN_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return ms;
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map<string, number[]>(Object.keys(MODES).map((mode) => [mode, []]));
for (let r = 0; r < ROUNDS; r++)
  for (const [mode, options] of Object.entries(MODES)) results.get(mode)!.push(...(await round(options)));

console.log(`A new chat's send transaction, ${SENDS} per round, ${ROUNDS} rounds per mode, ms`);
console.log("mode                         mean    p50    p90    p99    max  over 2 ms");
for (const [mode, ms] of results) {
  const { mean, p50, p90, p99, max } = summarize(ms);
  const cells = [mean, p50, p90, p99, max].map((value) => format(value, 2).padStart(6));
  console.log(mode.padEnd(26), ...cells, String(ms.filter((value) => value > 2).length).padStart(10));
}
