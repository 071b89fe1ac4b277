/** Migrations and seed on SQLite, and on PostgreSQL when one is reachable (DATABASE_TEST_POSTGRES_URL). */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { decryptSecret } from "#platform/crypto";
import { createDatabase, isPostgres, readSnapshot, serviceDatabaseOptions, type Db } from "#db/database";
import { MIGRATION_NAMES, migrateToLatest, migrationStatus } from "#db/migrate";
import { searchMessages, searchTitles, type ChatScope } from "#db/full-text";
import { insertChat, insertUser } from "#tests/support/rows";
import { createTestDatabase, POSTGRES_ADMIN_URL } from "#tests/support/test-database";
import { applyVendorOverrides, BUILT_IN_MODELS, seed } from "#db/seed";
import { countContentTokens } from "#contract/context-window";

const SECRET = "s".repeat(64);
const require = createRequire(import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), "rogue-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database as an earlier migration left it, written without today's schema types. */
type UntypedDb = Kysely<Record<string, Record<string, unknown>>>;

/** Messages stored before migration 0015 get their token counts from it; later writes bring their own. */
async function checkTokenBackfill(db: Db) {
  await migrateToLatest(db, "0011_request_options");
  const userId = await insertUser(db);
  const chatId = await insertChat(db, userId, "Before the counts");
  const contents = ["Hi", "", "A longer reply, with `code` and $x^2$ in it, counted once.", "é".repeat(700)];
  await (db as unknown as UntypedDb)
    .insertInto("chat_messages")
    .values(
      contents.map((content, index) => ({
        id: `m${index}`,
        chat_id: chatId,
        user_id: userId,
        role: index % 2 ? "assistant" : "user",
        content,
        created_at: new Date(Date.now() + index).toISOString(),
      })),
    )
    .execute();
  await migrateToLatest(db);
  const stored = await db
    .selectFrom("chat_messages")
    .select(["content", "content_tokens"])
    .orderBy("id")
    .execute();
  const expected = contents.map((content) => ({ content, content_tokens: countContentTokens(content) }));
  expect(stored).toEqual(expected);
  expect(stored[2]!.content_tokens).toBeGreaterThan(10);
}

async function checkSeededDatabase(db: Db) {
  expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
  await seed(db);
  await seed(db);
  expect(await migrateToLatest(db)).toEqual([]);

  const models = await db.selectFrom("ai_models").selectAll().orderBy("order").execute();
  expect(models.map((m) => m.model_id)).toEqual(BUILT_IN_MODELS.map((m) => m.model_id));
  expect(models.filter((m) => m.is_default === 1).map((m) => m.model_id)).toEqual(["dolphin-mixtral-8x22b"]);
  expect(models.filter((m) => m.is_pro === 0)).toHaveLength(2);

  const vendors = await db.selectFrom("api_vendors").selectAll().orderBy("priority_order").execute();
  expect(vendors.map((v) => [v.name, v.priority_order, v.is_active])).toEqual([
    ["together", 1, 1],
    ["novita", 2, 0],
    ["modelslab", 3, 0],
    ["openai", 4, 0],
  ]);
  expect(vendors[0]?.endpoint_url).toBe("https://api.together.xyz/v1/chat/completions");
  const setting = await db
    .selectFrom("system_settings")
    .selectAll()
    .where("setting_key", "=", "active_vendor")
    .executeTakeFirst();
  expect(setting?.setting_value).toBe("together");
  const served = await db
    .selectFrom("api_vendor_models")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  expect(Number(served.n)).toBe(BUILT_IN_MODELS.reduce((n, m) => n + Object.keys(m.vendorModels).length, 0));

  await applyVendorOverrides(
    db,
    {
      together: { url: "http://127.0.0.1:9/v1/chat/completions", key: "sk-live-123456" },
      novita: {},
      modelslab: {},
      openai: {},
    },
    SECRET,
  );
  const together = await db
    .selectFrom("api_vendors")
    .selectAll()
    .where("name", "=", "together")
    .executeTakeFirstOrThrow();
  expect(together.endpoint_url).toBe("http://127.0.0.1:9/v1/chat/completions");
  expect(together.api_key_encrypted).not.toContain("sk-live");
  expect(decryptSecret(together.api_key_encrypted!, SECRET)).toBe("sk-live-123456");
}

/**
 * The schema a fresh database migrates to, as text. Migrations (and the helpers they share) are frozen in
 * time: this must never change, only grow with a new migration (then update the snapshot with `vitest -u`).
 */
async function schemaOf(db: Db): Promise<string> {
  const lines = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join("\n");
  if (!isPostgres(db)) {
    const { rows } = await sql`select type, name, tbl_name, sql from sqlite_master
      where tbl_name not like 'kysely_%' order by type, name`.execute(db);
    return lines(rows);
  }
  const columns = await sql`select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public' and table_name not like 'kysely_%'
    order by table_name, ordinal_position`.execute(db);
  const indexes = await sql`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename not like 'kysely_%' order by indexname`.execute(db);
  const constraints = await sql`select conrelid::regclass::text as table_name, conname,
    pg_get_constraintdef(oid) as definition from pg_constraint
    where connamespace = 'public'::regnamespace and conrelid::regclass::text not like 'kysely_%'
    order by table_name, conname`.execute(db);
  return [lines(columns.rows), lines(indexes.rows), lines(constraints.rows)].join("\n");
}

describe("the database", () => {
  it.each(["sqlite", "postgres"] as const)(
    "migrates a fresh %s database to the same schema as ever",
    async (dialect) => {
      const database = await createTestDatabase(dir, dialect);
      const db = createDatabase(database.url);
      try {
        await migrateToLatest(db);
        await expect(await schemaOf(db)).toMatchFileSnapshot(`./__snapshots__/schema.${dialect}.txt`);
      } finally {
        await db.destroy();
        await database.drop();
      }
    },
  );

  it.each(["sqlite", "postgres"] as const)(
    "reads on one %s snapshot: another connection's commit meanwhile is in none of its reads, and waits for none",
    async (dialect) => {
      const database = await createTestDatabase(dir, dialect);
      const [web, worker] = [createDatabase(database.url), createDatabase(database.url)];
      const users = async (db: Db) =>
        Number(
          (
            await db
              .selectFrom("users")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      try {
        await migrateToLatest(web);
        await insertUser(web);
        const seen = await readSnapshot(web, async (snapshot) => {
          const before = await users(snapshot);
          await insertUser(worker);
          return [before, await users(snapshot)];
        });
        expect(seen).toEqual([1, 1]);
        expect(await users(web)).toBe(2);

        const failure = readSnapshot(web, async (snapshot) => {
          await users(snapshot);
          throw new Error("the page's read failed");
        });
        await expect(failure).rejects.toThrow("the page's read failed");
        await insertUser(worker);
        expect(await users(web)).toBe(3);
      } finally {
        await Promise.all([web.destroy(), worker.destroy()]);
        await database.drop();
      }
    },
  );

  it.each(["sqlite", "postgres"] as const)(
    "indexes the titles and messages already stored on %s for search, and keeps the index true after edits and deletes",
    async (dialect) => {
      const database = await createTestDatabase(dir, dialect);
      const db = createDatabase(database.url);
      try {
        await migrateToLatest(db, "0011_request_options");
        const userId = await insertUser(db);
        const chatId = await insertChat(db, userId, "Stored before search");
        // Written as 0011's schema had it: no token count yet (0015 adds it).
        await sql`insert into chat_messages (id, chat_id, user_id, role, content, created_at)
          values (${"m-before-search"}, ${chatId}, ${userId}, 'assistant', 'an older reply about saffron', ${new Date().toISOString()})`.execute(
          db,
        );
        await migrateToLatest(db);
        const scope: ChatScope = (id) =>
          db.selectFrom("chat_history").select("id").where("id", "=", id).where("user_id", "=", userId);
        const messagesFor = (words: string[][]) => searchMessages(db, userId, words, scope, 10);
        expect(await messagesFor([["saffron"]])).toHaveLength(1);
        expect(await searchTitles(db, userId, [["stored"]], scope, 10)).toHaveLength(1);

        await db.updateTable("chat_messages").set({ content: "now about cardamom" }).execute();
        expect(await messagesFor([["saffron"]])).toEqual([]);
        expect(await messagesFor([["cardam"]])).toHaveLength(1);
        await db.deleteFrom("chat_history").where("id", "=", chatId).execute();
        expect(await messagesFor([["cardamom"]])).toEqual([]);
      } finally {
        await db.destroy();
        await database.drop();
      }
    },
  );

  it("migrates and seeds SQLite idempotently with the built-in catalogue and vendors", async () => {
    const db = createDatabase(`file:${path.join(dir, "seed.db")}`);
    try {
      await checkSeededDatabase(db);
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(rows[0]?.journal_mode).toBe("wal");
    } finally {
      await db.destroy();
    }
  });

  it("starts the usage ledger with the replies already stored", async () => {
    const db = createDatabase(`file:${path.join(dir, "ledger.db")}`);
    try {
      await migrateToLatest(db, "0002_chat_features");
      const userId = await insertUser(db);
      const chatId = await insertChat(db, userId, "Before the ledger");
      const at = new Date().toISOString();
      await (db as unknown as UntypedDb)
        .insertInto("chat_messages")
        .values({ id: "m1", chat_id: chatId, user_id: userId, role: "user", content: "Hi", created_at: at })
        .execute();
      await db
        .insertInto("completions")
        .values({
          id: "c1",
          chat_id: chatId,
          user_id: userId,
          user_message_id: "m1",
          model_id: "dolphin-mixtral-8x22b",
          temperature: 0.7,
          status: "done",
          vendor: "together",
          error_code: null,
          error_status: null,
          error_detail: null,
          prompt_tokens: 3,
          completion_tokens: 5,
          created_at: at,
          started_at: at,
          first_token_at: at,
          finished_at: at,
        })
        .execute();

      await migrateToLatest(db);
      const ledger = await db.selectFrom("usage_events").selectAll().execute();
      expect(ledger).toEqual([
        expect.objectContaining({
          completion_id: "c1",
          user_id: userId,
          source: "chat",
          status: "done",
          vendor: "together",
          completion_tokens: 5,
        }),
      ]);
    } finally {
      await db.destroy();
    }
  });

  it("gives stored built-in models their published context windows, and models an admin added the default", async () => {
    const db = createDatabase(`file:${path.join(dir, "windows.db")}`);
    try {
      await migrateToLatest(db, "0009_finish_reason");
      const model = {
        icon_text: "M",
        size_label: "",
        description_items: "[]",
        is_new: 0,
        is_pro: 0,
        is_beta: 0,
      } as const;
      await db
        .insertInto("ai_models")
        .values([
          {
            ...model,
            model_id: "llama-3.1-8b-instruct",
            display_name: "Llama",
            is_default: 1,
            supports_images: 0,
            order: 1,
          },
          {
            ...model,
            model_id: "admin-added",
            display_name: "Mine",
            is_default: 0,
            supports_images: 0,
            order: 2,
          },
        ])
        .execute();
      await migrateToLatest(db);
      expect(
        await db
          .selectFrom("ai_models")
          .select(["model_id", "context_window", "reply_reserve"])
          .orderBy("order")
          .execute(),
      ).toEqual([
        { model_id: "llama-3.1-8b-instruct", context_window: 131_072, reply_reserve: 4_096 },
        { model_id: "admin-added", context_window: 8_192, reply_reserve: 1_024 },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it("counts the tokens of every message stored before token counts were kept, on SQLite", async () => {
    const db = createDatabase(`file:${path.join(dir, "tokens.db")}`);
    try {
      await checkTokenBackfill(db);
    } finally {
      await db.destroy();
    }
  });

  it("read-then-write transactions wait for another process's writes instead of failing with SQLITE_BUSY", async () => {
    const file = path.join(dir, "busy.db");
    const db = createDatabase(`file:${file}`);
    await migrateToLatest(db);
    await seed(db);
    // Another writer (as the worker process is to the web): short write transactions, each holding the lock ~2 ms.
    const writer = new Worker(
      `const { workerData, parentPort } = require("node:worker_threads");
       const db = new (require(workerData.module))(workerData.file, { timeout: 5000 });
       const stmt = db.prepare("update system_settings set updated_at = ? where setting_key = 'active_vendor'");
       let n = 0;
       for (const end = Date.now() + workerData.ms; Date.now() < end; n++) {
         db.exec("BEGIN IMMEDIATE"); stmt.run(String(n));
         for (const t = Date.now(); Date.now() - t < 2; );
         db.exec("COMMIT");
       }
       parentPort.postMessage(n);`,
      { eval: true, workerData: { file, ms: 1_500, module: require.resolve("better-sqlite3") } },
    );
    const writes = new Promise<number>((resolve, reject) =>
      writer.once("message", resolve).once("error", reject),
    );
    try {
      for (let i = 0; i < 60; i++) {
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom("system_settings")
            .select("setting_value")
            .where("setting_key", "=", "active_vendor")
            .executeTakeFirstOrThrow();
          // Real transactions do async work between their read and their write (the send action does).
          await new Promise((resolve) => setTimeout(resolve, 1));
          await trx
            .updateTable("system_settings")
            .set({ setting_value: row.setting_value, updated_at: `main-${i}` })
            .where("setting_key", "=", "active_vendor")
            .execute();
        });
      }
      expect(await writes).toBeGreaterThan(0);
    } finally {
      await writer.terminate();
      await db.destroy();
    }
  });

  it("applies each migration once when several processes start together on one PostgreSQL", async () => {
    const database = await createTestDatabase(dir, "postgres");
    const starters = Array.from({ length: 4 }, () => createDatabase(database.url));
    try {
      const applied = await Promise.all(starters.map((db) => migrateToLatest(db)));
      expect(applied.flat().sort()).toEqual([...MIGRATION_NAMES].sort());
      const status = await migrationStatus(starters[0]!);
      expect(status.every((m) => m.executedAt !== null)).toBe(true);
    } finally {
      await Promise.all(starters.map((db) => db.destroy()));
      await database.drop();
    }
  });

  it("a service keeps running when PostgreSQL drops an idle pooled connection, logs it, and answers the next query", async () => {
    const database = await createTestDatabase(dir, "postgres");
    const logged: string[] = [];
    const record = (level: string) => (_details: { err: Error }, message: string) =>
      logged.push(`${level}: ${message}`);
    const db = createDatabase(
      database.url,
      serviceDatabaseOptions({ warn: record("warn"), error: record("error") }),
    );
    const admin = createDatabase(POSTGRES_ADMIN_URL);
    try {
      await sql`select 1`.execute(db);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = ${new URL(database.url).pathname.slice(1)} and pid <> pg_backend_pid()`.execute(
        admin,
      );
      await expect
        .poll(() => logged[0])
        .toBe("warn: an idle PostgreSQL connection failed; the pool replaces it");
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await Promise.all([db.destroy(), admin.destroy()]);
      await database.drop();
    }
  });

  it("counts the tokens of every message stored before token counts were kept, on PostgreSQL", async () => {
    const database = await createTestDatabase(dir, "postgres");
    const db = createDatabase(database.url);
    try {
      await checkTokenBackfill(db);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });

  it("runs the same migrations, seed and queries on PostgreSQL", async () => {
    const database = await createTestDatabase(dir, "postgres");
    const db = createDatabase(database.url);
    try {
      await checkSeededDatabase(db);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
