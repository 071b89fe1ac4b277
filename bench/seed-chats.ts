/**
 * A user and their chats written straight into a throwaway database, for the scenarios that time the database
 * and the prompt build alone (search, long-chat): many rows a statement, each message with its stored token
 * count, as the app stores it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { countContentTokens } from "#contract/context-window";
import { createDatabase, type Db } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { nowIso, type Plan } from "#db/schema";
import { seed } from "#db/seed";

/** A scenario's own SQLite database in a temporary folder, migrated and seeded, removed when `run` ends. */
export async function withScratchDatabase<T>(name: string, run: (db: Db) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), `rogue-bench-${name}-`));
  const db = createDatabase(`file:${path.join(dir, `${name}.db`)}`);
  try {
    await migrateToLatest(db);
    await seed(db);
    return await run(db);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SeededChat {
  title: string;
  modelId: string;
  /** When the chat and its messages were written: the chat list's order. */
  at: string;
  /** Its messages in order, questions and replies alternating, a question first. */
  messages: string[];
}

/** Chats a transaction writes. */
const CHATS_PER_TRANSACTION = 250;
/** Messages a statement writes: well under SQLite's 32,766 bound parameters at 10 columns each. */
const MESSAGES_PER_INSERT = 1_000;

/**
 * A new user on `plan` with `count` chats, chat `index` being `chatAt(index)`. Returns the user as the chat
 * modules take them, and their chats' ids in index order.
 */
export async function seedUserWithChats(
  db: Db,
  plan: Plan,
  count: number,
  chatAt: (index: number) => SeededChat,
): Promise<{ user: { id: string; plan: Plan }; chatIds: string[] }> {
  const userId = uuidv7();
  const at = nowIso();
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: `${userId}@bench.test`,
      name: "Bench",
      password_hash: null,
      plan,
      is_demo: 0,
      expires_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const chatIds: string[] = [];
  for (let start = 0; start < count; start += CHATS_PER_TRANSACTION) {
    const chats = Array.from({ length: Math.min(CHATS_PER_TRANSACTION, count - start) }, (_, offset) => ({
      id: uuidv7(),
      ...chatAt(start + offset),
    }));
    const messages = chats.flatMap((chat) => {
      const ids = chat.messages.map(() => uuidv7());
      return chat.messages.map((content, turn) => ({
        id: ids[turn]!,
        chat_id: chat.id,
        parent_id: ids[turn - 1] ?? null,
        user_id: userId,
        role: turn % 2 === 0 ? ("user" as const) : ("assistant" as const),
        content,
        content_tokens: countContentTokens(content),
        model_id: null,
        vendor: null,
        completion_id: null,
        created_at: chat.at,
      }));
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("chat_history")
        .values(
          chats.map((chat) => ({
            id: chat.id,
            user_id: userId,
            title: chat.title,
            model_id: chat.modelId,
            archived_at: null,
            created_at: chat.at,
            updated_at: chat.at,
          })),
        )
        .execute();
      for (let from = 0; from < messages.length; from += MESSAGES_PER_INSERT)
        await trx
          .insertInto("chat_messages")
          .values(messages.slice(from, from + MESSAGES_PER_INSERT))
          .execute();
    });
    chatIds.push(...chats.map((chat) => chat.id));
  }
  return { user: { id: userId, plan }, chatIds };
}
