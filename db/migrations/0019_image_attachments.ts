import type { Kysely } from "kysely";
import { isPostgres } from "../database";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Images as attachments (docs/product.md §14): each image's size as shown, read once at upload for what it
 * takes of a model's window, and a small thumbnail the chat shows instead of the photograph. Documents keep
 * all three null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attachments").addColumn("width", "integer").execute();
  await db.schema.alterTable("attachments").addColumn("height", "integer").execute();
  await db.schema
    .alterTable("attachments")
    .addColumn("thumbnail", isPostgres(db) ? "bytea" : "blob")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["thumbnail", "height", "width"])
    await db.schema.alterTable("attachments").dropColumn(column).execute();
}
