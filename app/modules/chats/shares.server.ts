/**
 * Read-only share links (docs/product.md §6). A link is a snapshot of a chat's shown messages taken when it is
 * made, reachable by 128 random bits; it names neither the owner nor any other chat. The owner lists and
 * revokes links (revoking deletes the snapshot); a signed-in visitor may copy a shared chat into their own
 * account and go on with it.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { insertChatMessage } from "#db/chat-writes";
import type { Db } from "#db/database";
import { nowIso, type AiModel, type MessageRole } from "#db/schema";
import { notFound } from "~/utils/http.server";
import { listModels } from "../models/models.server";
import { chatForDownload, createChat, requireVisibleChat, type ChatOwner } from "./chats.server";

const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

const snapshotSchema = z.array(
  z.object({
    role: z.enum(["system", "user", "assistant"]),
    content: z.string(),
    /** Absent from a snapshot taken before counts were kept in it (and null as in `chat_messages`). */
    content_tokens: z.number().int().nullable().optional(),
    model_id: z.string().nullable(),
    vendor: z.string().nullable(),
    created_at: z.string(),
    /** The names of a question's files; absent from a snapshot taken before files could be attached. */
    attachments: z.array(z.string()).default([]),
  }),
);

export interface ShareSummary {
  id: string;
  chatId: string;
  title: string;
  createdAt: string;
}

const summary = (row: { id: string; chat_id: string; title: string; created_at: string }): ShareSummary => ({
  id: row.id,
  chatId: row.chat_id,
  title: row.title,
  createdAt: row.created_at,
});

/** Makes a link to a copy of the chat as it is now. 404 for a chat the user cannot see. */
export async function createShare(db: Db, user: ChatOwner, chatId: string): Promise<string> {
  const chat = await requireVisibleChat(db, user, chatId);
  const { title, messages } = await chatForDownload(db, user, chat.id);
  const id = randomBytes(16).toString("base64url");
  await db
    .insertInto("shared_chats")
    .values({
      id,
      chat_id: chat.id,
      user_id: user.id,
      title,
      model_id: chat.model_id,
      messages: JSON.stringify(messages),
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** The user's links, newest first; only one chat's when `chatId` is given. */
export async function listShares(db: Db, userId: string, chatId?: string): Promise<ShareSummary[]> {
  let query = db
    .selectFrom("shared_chats")
    .select(["id", "chat_id", "title", "created_at"])
    .where("user_id", "=", userId);
  if (chatId) query = query.where("chat_id", "=", chatId);
  return (await query.orderBy("created_at", "desc").orderBy("id").execute()).map(summary);
}

/** Revokes one of the user's links; someone else's, or one already gone, is a 404. */
export async function revokeShare(db: Db, userId: string, shareId: string): Promise<void> {
  const result = await db
    .deleteFrom("shared_chats")
    .where("id", "=", shareId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("Share link not found");
}

export interface SharedChat {
  id: string;
  title: string;
  modelId: string;
  messages: {
    role: MessageRole;
    content: string;
    content_tokens?: number | null;
    model_id: string | null;
    vendor: string | null;
    created_at: string;
    attachments: string[];
  }[];
}

/** The snapshot behind a link, for anyone holding it; an unknown, revoked or malformed id is a 404. */
export async function requireShare(db: Db, shareId: string): Promise<SharedChat> {
  if (!SHARE_ID.test(shareId)) throw notFound("Share link not found");
  const row = await db
    .selectFrom("shared_chats")
    .select(["id", "title", "model_id", "messages"])
    .where("id", "=", shareId)
    .executeTakeFirst();
  if (!row) throw notFound("Share link not found");
  return {
    id: row.id,
    title: row.title,
    modelId: row.model_id,
    messages: snapshotSchema.parse(JSON.parse(row.messages)),
  };
}

/** A shared message as the public page shows it: a reply labelled with the name of the model that wrote it. */
export interface SharedMessage {
  role: MessageRole;
  content: string;
  model: string | null;
  /** The names of a question's files: a share shows names, never contents. */
  attachments: string[];
}

/**
 * The snapshot's messages with each reply's model by its catalogue name. A model taken out of the catalogue
 * since keeps its id: the reply still says what wrote it.
 */
export function sharedMessages(messages: SharedChat["messages"], models: AiModel[]): SharedMessage[] {
  const names = new Map(models.map((model) => [model.model_id, model.display_name]));
  return messages.map(({ role, content, model_id, attachments }) => ({
    role,
    content,
    attachments,
    model: role === "assistant" && model_id ? (names.get(model_id) ?? model_id) : null,
  }));
}

/** What /share/:shareId shows anyone holding the link: the title and the messages, nothing of the owner. */
export async function readSharedChat(db: Db, shareId: string) {
  const [share, models] = await Promise.all([requireShare(db, shareId), listModels(db)]);
  return { title: share.title, messages: sharedMessages(share.messages, models) };
}

/**
 * Copies a shared chat into the visitor's account as a new chat of theirs, each message with the token count
 * stored with it; returns its id.
 */
export async function continueShare(db: Db, user: ChatOwner, shareId: string): Promise<string> {
  const share = await requireShare(db, shareId);
  return db.transaction().execute(async (trx) => {
    const chatId = await createChat(trx, { userId: user.id, title: share.title, modelId: share.modelId });
    for (const message of share.messages)
      await insertChatMessage(trx, {
        chatId,
        userId: user.id,
        role: message.role,
        content: message.content,
        contentTokens: message.content_tokens,
      });
    return chatId;
  });
}
