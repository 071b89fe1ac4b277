/**
 * The reads a prompt is built from (worker/prompt.ts), shared with the chat page, which marks where the model's
 * memory starts from the same rows (app/modules/chats/chat-page.server.ts).
 */
import type { Db } from "./database";

/** A message's place in its chat: (created_at, id) orders a chat's messages. */
export type Position = { created_at: string; id: string };

/**
 * The messages of the chat's shown branch stored before `position`, newest first: a prompt's question is on that
 * branch, which no switch changes while its reply is being written (docs/product.md §6 'Branches').
 */
export const shownBefore = (db: Db, chatId: string, position: Position) =>
  db
    .selectFrom("chat_messages")
    .where("chat_id", "=", chatId)
    .where("replaced_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("created_at", "<", position.created_at),
        eb.and([eb("created_at", "=", position.created_at), eb("id", "<", position.id)]),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");

/**
 * The instruction a prompt for the question at `position` starts with: the chat's latest system message before
 * it (a first message's prefix or a quick action's role), however far back; undefined for the admin's default.
 */
export const promptSystemMessage = (db: Db, chatId: string, position: Position) =>
  shownBefore(db, chatId, position)
    .where("role", "=", "system")
    .where("content", "!=", "")
    .select(["content", "content_tokens"])
    .executeTakeFirst();
