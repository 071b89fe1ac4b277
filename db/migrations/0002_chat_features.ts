import type { Kysely } from "kysely";
import { deletedWith } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

export async function up(db: Kysely<any>): Promise<void> {
  // Regenerate and edit-and-resend replace messages without deleting them: the old ones stay on record.
  await db.schema.alterTable("chat_messages").addColumn("replaced_at", "text").execute();

  await db.schema
    .createTable("user_api_keys")
    .addColumn("user_id", "text", deletedWith("users.id"))
    .addColumn("vendor", "text", (c) => c.notNull())
    .addColumn("api_key_encrypted", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("verified_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_api_keys_pk", ["user_id", "vendor"])
    .execute();

  await db.schema
    .createTable("user_preferences")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("notifications", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("english"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_preferences").ifExists().execute();
  await db.schema.dropTable("user_api_keys").ifExists().execute();
  await db.schema.alterTable("chat_messages").dropColumn("replaced_at").execute();
}
