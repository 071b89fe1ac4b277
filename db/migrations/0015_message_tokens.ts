import type { Kysely } from "kysely";
import { countContentTokens } from "#contract/context-window";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/** Messages counted per read and write while the existing ones are counted. */
const BATCH = 500;

/**
 * Each message's token count, stored when it is written (docs/product.md §2 'Context windows'): building a
 * prompt, or marking where the model's memory starts, adds stored counts instead of tokenizing the whole
 * window's text again on every send. Messages stored before this are counted here, once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("chat_messages").addColumn("content_tokens", "integer").execute();
  for (let after = ""; ;) {
    const rows: { id: string; content: string }[] = await db
      .selectFrom("chat_messages")
      .select(["id", "content"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows)
      await db
        .updateTable("chat_messages")
        .set({ content_tokens: countContentTokens(row.content) })
        .where("id", "=", row.id)
        .execute();
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("chat_messages").dropColumn("content_tokens").execute();
}
