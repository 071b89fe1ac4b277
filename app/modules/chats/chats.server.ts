/** A user's chats. Every function takes the acting user's id and only ever touches that user's rows. */
import type { Db } from "#db/database";
import { filesByMessage } from "#db/message-files";
import { insertWithNewId } from "#db/new-row";
import { nowIso, type ChatSource, type Plan } from "#db/schema";
import { readPlanLimits } from "#db/system-settings";
import { historyCutoff } from "../billing/plan";
import { Refusal } from "../errors/refusal";
import { filterChats } from "./chat-search";
import { chatTitle, type ChatListItem } from "./schemas";
import { notFound } from "~/utils/http.server";

/** The acting user, as far as the chat list cares. */
export interface ChatOwner {
  id: string;
  plan: Plan;
}

export type { ChatListItem };

/**
 * The chats a user sees: theirs, opened as chats (not a developer-API request's), not archived, and for a
 * Starter user last touched within the plan's history window (the admin's setting, 24 hours unless changed).
 * The chat list and the search both read through it. See docs/product.md §2.
 */
export async function visibleChats(db: Db, user: ChatOwner, now = Date.now()) {
  const cutoff = historyCutoff(user.plan, (await readPlanLimits(db)).starterHistoryHours, now);
  const select = db
    .selectFrom("chat_history")
    .where("user_id", "=", user.id)
    .where("source", "=", "chat")
    .where("archived_at", "is", null);
  return cutoff ? select.where("updated_at", ">=", cutoff) : select;
}

/**
 * The user's chats for the sidebar (visibleChats), newest first. `query` keeps only titles containing it
 * (case-insensitive). See docs/product.md §2.
 */
export async function listChats(
  db: Db,
  user: ChatOwner,
  { query, now = Date.now() }: { query?: string | null; now?: number } = {},
): Promise<ChatListItem[]> {
  const chats = await (
    await visibleChats(db, user, now)
  )
    .select(["id", "title", "updated_at"])
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return filterChats(chats, query);
}

export async function getChat(db: Db, userId: string, chatId: string) {
  return (
    (await db
      .selectFrom("chat_history")
      .selectAll()
      .where("id", "=", chatId)
      .where("user_id", "=", userId)
      // A developer-API request's hidden chat is never opened as a chat (docs/product.md §12).
      .where("source", "=", "chat")
      .executeTakeFirst()) ?? null
  );
}

/**
 * A new chat, titled after its first question; its id is new, so nothing else can have written to it.
 * `source: "api"` makes the hidden chat of one developer-API request.
 */
export async function createChat(
  db: Db,
  values: { userId: string; title: string; modelId: string; source?: ChatSource },
) {
  const now = nowIso();
  return insertWithNewId(db, "chat_history", {
    user_id: values.userId,
    title: values.title,
    model_id: values.modelId,
    archived_at: null,
    source: values.source ?? "chat",
    created_at: now,
    updated_at: now,
  });
}

/** Another user's chat and a chat that does not exist look the same: 404. */
export async function requireChat(db: Db, userId: string, chatId: string) {
  const chat = await getChat(db, userId, chatId);
  if (!chat) throw notFound("Chat not found");
  return chat;
}

/**
 * A chat the user can see: theirs, and for a Starter user last updated within the plan's history window (a
 * chat outside it is hidden from the list and the chat screen, so renaming, deleting or downloading it is a
 * 404 too).
 */
export async function requireVisibleChat(db: Db, user: ChatOwner, chatId: string, now = Date.now()) {
  const chat = await requireChat(db, user.id, chatId);
  const cutoff = historyCutoff(user.plan, (await readPlanLimits(db)).starterHistoryHours, now);
  if (cutoff && chat.updated_at < cutoff) throw notFound("Chat not found");
  return chat;
}

/**
 * A reply the user may read: their own, in a chat they can see (requireVisibleChat), so a Starter user's
 * replies outside the history window are as gone at their stream's URL as in the chat list. Anything else is
 * the same 404.
 */
export async function requireVisibleReply(db: Db, user: ChatOwner, completionId: string) {
  const reply = await db
    .selectFrom("completions")
    .select("chat_id")
    .where("id", "=", completionId)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!reply) throw notFound("Completion not found");
  await requireVisibleChat(db, user, reply.chat_id);
}

/** The reply still being written for this chat, if any, with the failure of the last one when it failed. */
export async function latestCompletion(db: Db, chatId: string) {
  return (
    (await db
      .selectFrom("completions")
      .select(["id", "status", "error_code", "error_status", "error_detail", "user_message_id"])
      .where("chat_id", "=", chatId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst()) ?? null
  );
}

/** A title the user typed that cannot be stored (blank, too long): the caller shows `message`. */
export class ChatTitleError extends Refusal<400> {
  constructor(message: string) {
    super(message, 400);
  }
}

/**
 * Renames the user's chat to `title`, trimmed. Throws a 404 Response for a chat they cannot see
 * and a ChatTitleError for a blank or too long title; nothing changes in either case. The chat keeps its place
 * in the list: a rename is not activity.
 * See docs/product.md §6.
 */
export async function renameChat(db: Db, user: ChatOwner, chatId: string, title: string) {
  const parsed = chatTitle().safeParse(title);
  if (!parsed.success) throw new ChatTitleError(parsed.error.issues[0]?.message ?? "Invalid title");
  const chat = await requireVisibleChat(db, user, chatId);
  await db
    .updateTable("chat_history")
    .set({ title: parsed.data })
    .where("id", "=", chat.id)
    .where("user_id", "=", user.id)
    .execute();
  return { ...chat, title: parsed.data };
}

/** Deletes the user's chat with its messages and replies (the foreign keys cascade). 404 when they cannot see it. */
export async function deleteChat(db: Db, user: ChatOwner, chatId: string) {
  const chat = await requireVisibleChat(db, user, chatId);
  await db.deleteFrom("chat_history").where("id", "=", chat.id).where("user_id", "=", user.id).execute();
  return chat;
}

/** Archives every chat of the user (hidden from the list, restorable). Returns how many were archived. */
export async function archiveAllChats(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable("chat_history")
    .set({ archived_at: nowIso() })
    .where("user_id", "=", userId)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Brings every archived chat of the user back into the list. Returns how many were restored. */
export async function restoreAllChats(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable("chat_history")
    .set({ archived_at: null })
    .where("user_id", "=", userId)
    .where("archived_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * What a download contains: the chat's title and its shown messages in order, each question with the names of
 * its files. Only the shown branch: the versions an edit or a regenerate left are out, as on the chat screen. 404
 * when they cannot see the chat. Each message comes with its stored token count, which no download shows: a
 * share's snapshot keeps it, so a copy of the shared chat is not counted again.
 */
export async function chatForDownload(db: Db, user: ChatOwner, chatId: string) {
  const chat = await requireVisibleChat(db, user, chatId);
  const rows = await db
    .selectFrom("chat_messages")
    .select(["id", "role", "content", "content_tokens", "model_id", "vendor", "created_at"])
    .where("chat_id", "=", chat.id)
    .where("replaced_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const files = await filesByMessage(
    db,
    rows.map((message) => message.id),
  );
  const messages = rows.map(({ id, ...message }) => ({
    ...message,
    attachments: (files.get(id) ?? []).map((file) => file.name),
  }));
  return { title: chat.title, messages };
}
