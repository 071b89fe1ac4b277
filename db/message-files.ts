/** The files attached to messages (docs/product.md §14), as the chat page, downloads and shares name them. */
import type { Db } from "./database";

/** A file as a message lists it; an image has its size as shown, and a thumbnail. */
export interface MessageFile {
  id: string;
  name: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** Messages' files as their bubbles and downloads list them, by message id, in the order attached. */
export async function filesByMessage(db: Db, messageIds: string[]) {
  const byMessage = new Map<string, MessageFile[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom("attachments")
    .select(["id", "message_id", "name", "size", "width", "height"])
    .where("message_id", "in", messageIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const { message_id, ...file } of rows)
    byMessage.set(message_id, [...(byMessage.get(message_id) ?? []), file]);
  return byMessage;
}
