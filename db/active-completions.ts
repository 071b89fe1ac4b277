import { ACTIVE_STATUSES } from "#contract/lifecycle";
import type { Db } from "./database";

/** The ids of the replies still queued or streaming, of one user or of one chat. */
export async function activeCompletionIds(db: Db, owner: "user_id" | "chat_id", ownerId: string) {
  const rows = await db
    .selectFrom("completions")
    .select("id")
    .where(owner, "=", ownerId)
    .where("status", "in", ACTIVE_STATUSES)
    .execute();
  return rows.map((row) => row.id);
}
