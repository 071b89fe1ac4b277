import type { Kysely } from "kysely";
import { addIndex } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Each model's context window and the tokens kept for its reply when a request names no max_tokens
 * (docs/product.md §2 'Context windows'): prompts are built to fit them. A model an admin added before this
 * gets 8,192 / 1,024, the smallest window in common use, until the admin sets its own.
 *
 * The built-in models' windows as their publishers state them (the model cards on Hugging Face and the
 * publishers' announcements, read 2026-11): Llama 3.1 and Gemma 3 128K (131,072), DeepSeek V3 and R1
 * 128K (128,000), Qwen 2.5 VL 32,768 (its default without YaRN), Mixtral 8x22B (Dolphin's base) 64K (65,536),
 * Llama 4 Maverick 1M and Scout 10M, of which vendors serve 1M (1,048,576). Reasoning (R1) keeps a larger
 * reserve for its thinking.
 */
const BUILT_IN_WINDOWS: Record<string, [contextWindow: number, replyReserve: number]> = {
  "dolphin-mixtral-8x22b": [65_536, 4_096],
  "llama-3.1-8b-instruct": [131_072, 4_096],
  "llama-4-maverick-17b": [1_048_576, 8_192],
  "llama-4-scout-17b": [1_048_576, 8_192],
  deepseek_v3: [128_000, 8_192],
  "qwen2.5-vl-72b-instruct": [32_768, 4_096],
  "gemma-3-27b-it": [131_072, 8_192],
  "deepseek-r1-turbo": [128_000, 32_768],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("ai_models")
    .addColumn("context_window", "integer", (c) => c.notNull().defaultTo(8_192))
    .execute();
  await db.schema
    .alterTable("ai_models")
    .addColumn("reply_reserve", "integer", (c) => c.notNull().defaultTo(1_024))
    .execute();
  for (const [modelId, [contextWindow, replyReserve]] of Object.entries(BUILT_IN_WINDOWS)) {
    await db
      .updateTable("ai_models")
      .set({ context_window: contextWindow, reply_reserve: replyReserve })
      .where("model_id", "=", modelId)
      .execute();
  }
  // A prompt's system message is the chat's latest one before the question, however far back: found through
  // this index in one step, not by walking every later message.
  await addIndex(db, "chat_messages_chat_role", "chat_messages", ["chat_id", "role", "created_at", "id"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("chat_messages_chat_role").execute();
  await db.schema.alterTable("ai_models").dropColumn("reply_reserve").execute();
  await db.schema.alterTable("ai_models").dropColumn("context_window").execute();
}
