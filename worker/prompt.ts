import type { Db } from "#db/database";
import type { Completion } from "#db/schema";
import { readSystemSettings } from "#db/system-settings";
import type { ChatTurn } from "./vendors/types";

/**
 * The conversation up to and including the completion's user message, led by one system message: the latest
 * instruction stored before that question (a chat's first-message prefix, or a quick action used later in
 * the chat), or the default one the admin saved in Settings. `continueFrom` is text already streamed by an earlier attempt: sent as a
 * trailing assistant turn so the vendor continues it instead of starting over.
 */
export async function buildPrompt(db: Db, completion: Completion, continueFrom: string): Promise<ChatTurn[]> {
  const [rows, settings] = await Promise.all([
    db
      .selectFrom("chat_messages")
      .select(["id", "role", "content", "status"])
      .where("chat_id", "=", completion.chat_id)
      .where("replaced_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    readSystemSettings(db),
  ]);
  const end = rows.findIndex((row) => row.id === completion.user_message_id);
  const asked = rows.slice(0, end + 1).filter((row) => row.content.length > 0);
  const system = asked.findLast((row) => row.role === "system")?.content ?? settings.defaultSystemPrompt;
  const turns: ChatTurn[] = [
    { role: "system", content: system },
    ...asked
      .filter((row) => row.role !== "system")
      .map((row): ChatTurn => ({ role: row.role, content: row.content })),
  ];
  return continueFrom ? [...turns, { role: "assistant", content: continueFrom }] : turns;
}
