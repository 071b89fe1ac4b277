/** Row inserts for a chat's messages and reply requests, shared by the web and the test harness. */
import { insertWithNewId } from "./new-row";
import type { Db } from "./database";
import { nowIso, type ChatSource, type MessageRole } from "./schema";
import type { RequestOptions } from "#contract/request-options";
import { countContentTokens } from "#contract/context-window";

/** The last message of the chat's shown branch, which the next message sent follows; null in an empty chat. */
export async function shownBranchEnd(db: Db, chatId: string): Promise<string | null> {
  const last = await db
    .selectFrom("chat_messages")
    .select("id")
    .where("chat_id", "=", chatId)
    .where("replaced_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return last?.id ?? null;
}

export async function insertChatMessage(
  db: Db,
  /**
   * An assistant turn is stored only for an API request, which brings its conversation with it. A copied
   * message brings its stored token count; any other is counted here. The message follows the end of the
   * chat's shown branch unless `parentId` says otherwise (an edit starts a branch beside its question).
   */
  values: {
    chatId: string;
    userId: string;
    role: MessageRole;
    content: string;
    contentTokens?: number | null;
    parentId?: string | null;
  },
): Promise<string> {
  const parentId = values.parentId === undefined ? await shownBranchEnd(db, values.chatId) : values.parentId;
  return insertWithNewId(db, "chat_messages", {
    chat_id: values.chatId,
    user_id: values.userId,
    parent_id: parentId,
    role: values.role,
    content: values.content,
    content_tokens: values.contentTokens ?? countContentTokens(values.content),
    model_id: null,
    vendor: null,
    completion_id: null,
    created_at: nowIso(),
  });
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
    /** Developer API requests: their max_tokens, and the key that asked (docs/product.md §12). */
    maxTokens?: number | null;
    /** Their other options (contract/request-options.ts), sent to every vendor the worker tries. */
    requestOptions?: RequestOptions;
    source?: ChatSource;
    apiKeyId?: string | null;
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
      max_tokens: values.maxTokens ?? null,
      request_options:
        values.requestOptions && Object.keys(values.requestOptions).length > 0
          ? JSON.stringify(values.requestOptions)
          : null,
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
      source: values.source ?? "chat",
      api_key_id: values.apiKeyId ?? null,
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
