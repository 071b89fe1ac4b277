import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Why a reply ended, as its vendor said (docs/product.md §12): "length" when max_tokens cut it, so the
 * developer API's finish_reason is true also when the reply is read back after its stream expired.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("completions").addColumn("finish_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("completions").dropColumn("finish_reason").execute();
}
