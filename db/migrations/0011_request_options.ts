import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * A developer-API request's generation options beyond temperature and max_tokens (stop, seed, top_p, the
 * penalties, response_format, user), as JSON (docs/product.md §12): the worker sends them to every vendor it
 * tries, also on a retried or continued run. Null for a chat's reply.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("completions").addColumn("request_options", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("completions").dropColumn("request_options").execute();
}
