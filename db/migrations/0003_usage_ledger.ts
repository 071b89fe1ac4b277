import { sql, type Kysely } from "kysely";
import { addIndex } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * One row per requested reply that outlives the chat it was asked in: deleting a chat deletes its completions,
 * and with them what the Starter daily quota, the admin analytics and rate limits count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("usage_events")
    .addColumn("completion_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("source", "text", (c) => c.notNull().defaultTo("chat"))
    .addColumn("model_id", "text", (c) => c.notNull())
    .addColumn("vendor", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error_code", "text")
    .addColumn("prompt_tokens", "integer")
    .addColumn("completion_tokens", "integer")
    .addColumn("ttft_ms", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await addIndex(db, "usage_events_user_created", "usage_events", ["user_id", "created_at"]);
  await addIndex(db, "usage_events_created", "usage_events", ["created_at"]);

  // The history so far: every completion still stored (those of deleted chats are gone already).
  await sql`
    INSERT INTO usage_events (completion_id, user_id, source, model_id, vendor, status, error_code,
      prompt_tokens, completion_tokens, ttft_ms, created_at, finished_at)
    SELECT id, user_id, 'chat', model_id, vendor, status, error_code, prompt_tokens, completion_tokens,
      NULL, created_at, finished_at
    FROM completions
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("usage_events").ifExists().execute();
}
