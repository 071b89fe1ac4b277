import type { Kysely } from "kysely";
import { addIndex } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * A chat's messages become a tree (docs/product.md §6 'Branches'): each message names the one it follows,
 * `parent_id` (null for a chat's first). Editing a question or regenerating a reply adds a sibling instead of
 * retiring what follows. `replaced_at` keeps its meaning: null while the message is on the chat's shown
 * branch, set when another branch took its place.
 *
 * Messages stored before this get the parent they had when written. A reply follows the question its request
 * answered; any other message follows the newest message shown when it was written (one an edit or a
 * regenerate retired later was still shown then). So what a regenerate or an edit retired becomes a sibling of
 * what replaced it, and the messages shown today stay one branch.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("chat_messages").addColumn("parent_id", "text").execute();
  await addIndex(db, "chat_messages_parent", "chat_messages", ["parent_id"]);
  await db
    .updateTable("chat_messages")
    .set((eb: any) => ({
      parent_id: eb.fn.coalesce(
        eb
          .selectFrom("completions as c")
          .select("c.user_message_id")
          .whereRef("c.id", "=", "chat_messages.completion_id"),
        eb
          .selectFrom("chat_messages as p")
          .select("p.id")
          .whereRef("p.chat_id", "=", "chat_messages.chat_id")
          .where((p: any) =>
            p.or([
              p("p.created_at", "<", p.ref("chat_messages.created_at")),
              p.and([
                p("p.created_at", "=", p.ref("chat_messages.created_at")),
                p("p.id", "<", p.ref("chat_messages.id")),
              ]),
            ]),
          )
          .where((p: any) =>
            p.or([
              p("p.replaced_at", "is", null),
              p("p.replaced_at", ">", p.ref("chat_messages.created_at")),
            ]),
          )
          .orderBy("p.created_at", "desc")
          .orderBy("p.id", "desc")
          .limit(1),
      ),
    }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("chat_messages_parent").execute();
  await db.schema.alterTable("chat_messages").dropColumn("parent_id").execute();
}
