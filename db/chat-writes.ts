/** Row inserts for a chat's messages and reply requests, shared by the web and the test harness. */
import { v7 as uuidv7 } from "uuid";
import type { Db } from "./database";
import { nowIso } from "./schema";

export async function insertChatMessage(
  db: Db,
  values: { chatId: string; userId: string; role: "user" | "system"; content: string },
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto("chat_messages")
    .values({
      id,
      chat_id: values.chatId,
      user_id: values.userId,
      role: values.role,
      content: values.content,
      model_id: null,
      vendor: null,
      completion_id: null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** A request for a reply, queued for a worker, and its line in the usage ledger. Call it inside a transaction. */
export async function insertQueuedCompletion(
  db: Db,
  values: {
    id: string;
    chatId: string;
    userId: string;
    userMessageId: string;
    modelId: string;
    temperature: number;
  },
): Promise<void> {
  const createdAt = nowIso();
  await db
    .insertInto("completions")
    .values({
      id: values.id,
      chat_id: values.chatId,
      user_id: values.userId,
      user_message_id: values.userMessageId,
      model_id: values.modelId,
      temperature: values.temperature,
      status: "queued",
      vendor: null,
      error_code: null,
      error_status: null,
      error_detail: null,
      prompt_tokens: null,
      completion_tokens: null,
      created_at: createdAt,
      started_at: null,
      first_token_at: null,
      finished_at: null,
    })
    .execute();
  await db
    .insertInto("usage_events")
    .values({
      completion_id: values.id,
      user_id: values.userId,
      model_id: values.modelId,
      vendor: null,
      status: "queued",
      error_code: null,
      prompt_tokens: null,
      completion_tokens: null,
      ttft_ms: null,
      created_at: createdAt,
      finished_at: null,
    })
    .execute();
}
