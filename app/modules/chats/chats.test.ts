/** The chats module on a real SQLite database: what each user sees, and that nobody touches another's chats. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { insertChat, insertMessage, insertUser } from "#tests/support/rows";
import type { MessageRole, Plan } from "#db/schema";
import {
  archiveAllChats,
  chatForDownload,
  ChatTitleError,
  deleteChat,
  listChats,
  renameChat,
  requireChat,
  restoreAllChats,
} from "./chats.server";

const dir = mkdtempSync(path.join(tmpdir(), "rogue-chats-"));
let db: Db;

beforeAll(async () => {
  db = createDatabase(`file:${path.join(dir, "chats.db")}`);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function createUser(plan: Plan = "starter") {
  return { id: await insertUser(db, { plan }), plan };
}

const createChat = (userId: string, title: string, options: { hoursAgo?: number; archived?: boolean } = {}) =>
  insertChat(db, userId, title, options);

/** Chats of the user, each last updated the hours ago given with its title, made in this order. */
async function createChats(userId: string, hoursAgoByTitle: Record<string, number>) {
  for (const [title, hoursAgo] of Object.entries(hoursAgoByTitle))
    await createChat(userId, title, { hoursAgo });
}

/** The titles of the chats the user's list shows, in its order. */
const listedTitles = async (
  user: Parameters<typeof listChats>[1],
  options?: Parameters<typeof listChats>[2],
) => (await listChats(db, user, options)).map((chat) => chat.title);

const addMessage = (
  chatId: string,
  userId: string,
  role: MessageRole,
  content: string,
  options: { replaced?: boolean; offsetMs?: number } = {},
) => insertMessage(db, chatId, userId, role, content, options);

const titleOf = async (chatId: string) =>
  (await db.selectFrom("chat_history").select("title").where("id", "=", chatId).executeTakeFirst())?.title;

async function expectNotFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Response);
  expect((error as Response).status).toBe(404);
}

describe("listing chats", () => {
  it("lists a user's own chats, newest first, without archived ones", async () => {
    const user = await createUser("professional");
    const other = await createUser("professional");
    await createChats(user.id, { Oldest: 3, Newest: 1, Middle: 2 });
    await createChat(user.id, "Archived", { hoursAgo: 0, archived: true });
    await createChat(other.id, "Someone else's", { hoursAgo: 0 });

    expect(await listedTitles(user)).toEqual(["Newest", "Middle", "Oldest"]);
  });

  it("hides chats last updated more than 24 hours ago from a Starter user, not from a Professional one", async () => {
    const starter = await createUser("starter");
    const pro = await createUser("professional");
    for (const user of [starter, pro]) {
      await createChats(user.id, { Today: 1, "Yesterday evening": 23, "Two days ago": 48 });
    }
    expect(await listedTitles(starter)).toEqual(["Today", "Yesterday evening"]);
    expect(await listedTitles(pro)).toEqual(["Today", "Yesterday evening", "Two days ago"]);
  });

  it("filters by a case-insensitive substring of the title", async () => {
    const user = await createUser("professional");
    await createChats(user.id, { "Trip to LISBON": 1, "Recipe ideas": 2, "lisbon hotels": 3 });
    expect(await listedTitles(user, { query: "  Lisbon " })).toEqual(["Trip to LISBON", "lisbon hotels"]);
    expect(await listChats(db, user, { query: "nothing like this" })).toEqual([]);
  });
});

describe("archiving", () => {
  it("archives all of the user's chats and restores them, leaving other users' chats alone", async () => {
    const user = await createUser("professional");
    const other = await createUser("professional");
    await createChats(user.id, { One: 2, Two: 1 });
    await createChat(other.id, "Theirs");

    expect(await archiveAllChats(db, user.id)).toBe(2);
    expect(await listChats(db, user)).toEqual([]);
    expect(await listedTitles(other)).toEqual(["Theirs"]);
    const archived = await db
      .selectFrom("chat_history")
      .select("archived_at")
      .where("user_id", "=", user.id)
      .execute();
    expect(archived.every((row) => row.archived_at !== null)).toBe(true);

    expect(await restoreAllChats(db, user.id)).toBe(2);
    expect(await listedTitles(user)).toEqual(["Two", "One"]);
  });
});

describe("renaming", () => {
  it("stores the trimmed title without moving the chat in the list", async () => {
    const user = await createUser();
    const first = await createChat(user.id, "First", { hoursAgo: 2 });
    await createChat(user.id, "Second", { hoursAgo: 1 });
    await renameChat(db, user, first, "   Renamed chat  ");
    expect(await titleOf(first)).toBe("Renamed chat");
    expect(await listedTitles(user)).toEqual(["Second", "Renamed chat"]);
  });

  it.each([
    ["empty", ""],
    ["blank", "   \t "],
  ])("refuses an %s title with 'Chat title cannot be empty' and changes nothing", async (_, title) => {
    const user = await createUser();
    const chat = await createChat(user.id, "Keep me");
    await expect(renameChat(db, user, chat, title)).rejects.toThrow(
      new ChatTitleError("Chat title cannot be empty"),
    );
    expect(await titleOf(chat)).toBe("Keep me");
  });

  it("refuses a title over 200 characters", async () => {
    const user = await createUser();
    const chat = await createChat(user.id, "Keep me");
    await expect(renameChat(db, user, chat, "x".repeat(201))).rejects.toThrow(
      "Chat title must be at most 200 characters",
    );
    await renameChat(db, user, chat, "y".repeat(200));
    expect(await titleOf(chat)).toBe("y".repeat(200));
  });
});

describe("another user's chat", () => {
  it("cannot be read, renamed, deleted or downloaded: 404, and nothing changes", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const chat = await createChat(owner.id, "Private plans");
    await addMessage(chat, owner.id, "user", "secret");

    await expectNotFound(requireChat(db, intruder.id, chat));
    await expectNotFound(renameChat(db, intruder, chat, "Hijacked"));
    await expectNotFound(deleteChat(db, intruder, chat));
    await expectNotFound(chatForDownload(db, intruder, chat));

    expect(await titleOf(chat)).toBe("Private plans");
    const messages = await db.selectFrom("chat_messages").select("id").where("chat_id", "=", chat).execute();
    expect(messages).toHaveLength(1);
  });

  it("is as missing as a chat that does not exist", async () => {
    const user = await createUser();
    await expectNotFound(renameChat(db, user, uuidv7(), "Anything"));
  });
});

describe("a Starter user's chat older than 24 hours", () => {
  it("is hidden, so renaming, deleting or downloading it is a 404", async () => {
    const user = await createUser("starter");
    const old = await createChat(user.id, "Old", { hoursAgo: 30 });
    await expectNotFound(renameChat(db, user, old, "New"));
    await expectNotFound(deleteChat(db, user, old));
    await expectNotFound(chatForDownload(db, user, old));
    expect(await titleOf(old)).toBe("Old");
  });
});

describe("deleting", () => {
  it("removes the chat and its messages", async () => {
    const user = await createUser();
    const chat = await createChat(user.id, "Doomed");
    const kept = await createChat(user.id, "Kept");
    await addMessage(chat, user.id, "user", "hello");
    await addMessage(chat, user.id, "assistant", "hi", { offsetMs: 1 });

    await deleteChat(db, user, chat);
    expect(await titleOf(chat)).toBeUndefined();
    const left = await db.selectFrom("chat_messages").select("id").where("chat_id", "=", chat).execute();
    expect(left).toEqual([]);
    expect(await titleOf(kept)).toBe("Kept");
  });
});

describe("downloading", () => {
  it("gives the title and the shown messages in order, without replaced ones", async () => {
    const user = await createUser();
    const chat = await createChat(user.id, "Lisbon");
    await addMessage(chat, user.id, "system", "Be brief.", { offsetMs: 0 });
    await addMessage(chat, user.id, "user", "Plan a trip", { offsetMs: 1 });
    await addMessage(chat, user.id, "assistant", "Old answer", { offsetMs: 2, replaced: true });
    await addMessage(chat, user.id, "assistant", "Day 1: Alfama", { offsetMs: 3 });

    expect(await chatForDownload(db, user, chat)).toEqual({
      title: "Lisbon",
      messages: [
        expect.objectContaining({ role: "system", content: "Be brief." }),
        expect.objectContaining({ role: "user", content: "Plan a trip" }),
        expect.objectContaining({ role: "assistant", content: "Day 1: Alfama" }),
      ],
    });
  });
});
