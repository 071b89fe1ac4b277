import type { Kysely } from "kysely";
import { addIndex, ownedByChat } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Read-only share links (docs/product.md §6): a snapshot of a chat's shown messages, reachable by an
 * unguessable id. Revoking deletes the row; deleting the chat or its owner deletes its links too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await ownedByChat(db.schema.createTable("shared_chats"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("model_id", "text", (c) => c.notNull())
    /** JSON array of { role, content, model_id, vendor, created_at }. */
    .addColumn("messages", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "shared_chats_user", "shared_chats", ["user_id", "created_at"]);
  await addIndex(db, "shared_chats_chat", "shared_chats", ["chat_id"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shared_chats").ifExists().execute();
}
