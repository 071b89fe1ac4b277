import type { Kysely } from "kysely";
import { isPostgres } from "../database";
import { addIndex, deletedWith, ownedByChat } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Files attached to a user's message (docs/product.md §14): the bytes themselves, kept in the database so that
 * every web and worker process, on any host, reads them where it reads the chat. A document's text is
 * extracted once, at upload, for the worker's prompts. Deleting the message, its chat or its owner deletes
 * the files (the foreign keys cascade), as Starter's history window hides them with their chat.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await ownedByChat(db.schema.createTable("attachments"))
    .addColumn("message_id", "text", deletedWith("chat_messages.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("media_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("bytes", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("text", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "attachments_message", "attachments", ["message_id"]);
  await addIndex(db, "attachments_chat", "attachments", ["chat_id"]);
  await addIndex(db, "attachments_user", "attachments", ["user_id"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("attachments").ifExists().execute();
}
