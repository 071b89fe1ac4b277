import type { Kysely } from "kysely";
import { addIndex, ownedByUser } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * The developer API (docs/product.md §12): personal API keys, stored only as a SHA-256 hash of their secret
 * with a visible prefix; each API request is a hidden chat (`chat_history.source = 'api'`, never listed) so
 * it goes through the same queue, worker and stream as a chat; the usage ledger names the key that asked;
 * a request's `max_tokens` travels with its completion to the vendor call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await ownedByUser(db.schema.createTable("api_keys"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("secret_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await addIndex(db, "api_keys_user", "api_keys", ["user_id", "created_at"]);

  await db.schema
    .alterTable("chat_history")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("chat"))
    .execute();
  await addIndex(db, "chat_history_source_updated", "chat_history", ["source", "updated_at"]);
  await db.schema.alterTable("completions").addColumn("max_tokens", "integer").execute();
  // A plain column, not a foreign key: the ledger outlives keys and users alike.
  await db.schema.alterTable("usage_events").addColumn("api_key_id", "text").execute();
  await addIndex(db, "usage_events_key_created", "usage_events", ["api_key_id", "created_at"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("usage_events_key_created").ifExists().execute();
  await db.schema.alterTable("usage_events").dropColumn("api_key_id").execute();
  await db.schema.alterTable("completions").dropColumn("max_tokens").execute();
  await db.schema.dropIndex("chat_history_source_updated").ifExists().execute();
  await db.schema.alterTable("chat_history").dropColumn("source").execute();
  await db.schema.dropTable("api_keys").ifExists().execute();
}
