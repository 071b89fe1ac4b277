/**
 * The reads a prompt is built from (worker/prompt.ts), shared with the chat page, which marks where the model's
 * memory starts from the same rows (app/modules/chats/chat-page.server.ts).
 */
import { imageTokens, withDocuments, type PromptDocument, type PromptImage } from "#contract/attachments";
import { countContentTokens } from "#contract/context-window";
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

/** A message's files as its prompt turn carries them. */
interface TurnFiles {
  documents: PromptDocument[];
  images: PromptImage[];
  imageTokens: number;
}

/**
 * What a prompt does with a message's images: sends them (their bytes read), only counts them (the chat page
 * marking where the model's memory starts), or, for a model that cannot see, neither reads nor counts them.
 */
export type ImageUse = "send" | "count" | "skip";

/** The files attached to these messages, each message's in the order attached (docs/product.md §14). */
async function filesOf(db: Db, messageIds: string[], images: ImageUse): Promise<Map<string, TurnFiles>> {
  const byMessage = new Map<string, TurnFiles>();
  if (messageIds.length === 0) return byMessage;
  let query = db
    .selectFrom("attachments")
    .select(["message_id", "name", "text", "media_type", "width", "height"])
    .where("message_id", "in", messageIds);
  if (images === "skip") query = query.where("text", "is not", null);
  const rows = await query
    .$if(images === "send", (withBytes) => withBytes.select("bytes"))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const files = byMessage.get(row.message_id) ?? { documents: [], images: [], imageTokens: 0 };
    if (row.text !== null) files.documents.push({ name: row.name, text: row.text });
    else {
      if (row.bytes)
        files.images.push({ mediaType: row.media_type, base64: Buffer.from(row.bytes).toString("base64") });
      files.imageTokens += imageTokens(row.width ?? 0, row.height ?? 0);
    }
    byMessage.set(row.message_id, files);
  }
  return byMessage;
}

/**
 * The turns as the model reads them: a user's documents quoted before what they wrote, their images after it.
 * A message with files is counted again as a whole: its stored count is of the words alone.
 */
export async function withTheirFiles<
  T extends { id: string; content: string; content_tokens: number | null },
>(db: Db, rows: T[], images: ImageUse): Promise<(T & { images?: PromptImage[] })[]> {
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
    images,
  );
  return rows.map((row) => {
    const attached = files.get(row.id);
    if (!attached) return row;
    const content = withDocuments(row.content, attached.documents);
    return {
      ...row,
      content,
      content_tokens: countContentTokens(content) + attached.imageTokens,
      ...(attached.images.length ? { images: attached.images } : {}),
    };
  });
}
