/**
 * Branches (docs/product.md §6 'Branches'): editing any question and regenerating any reply make siblings, the
 * versions switch, the vendor reads only the shown branch, downloads follow it, and migration 0016 turns the
 * chats stored before it into trees on SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { afterAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { startSession } from "~/routes-support/auth.server";
import { handleChatAction } from "~/routes-support/chat-intents.server";
import { loadChatPage } from "~/modules/chats/chat-page.server";
import { chatForDownload } from "~/modules/chats/chats.server";
import {
  editAndResend,
  regenerateReply,
  SendRefusedError,
  sendMessage,
  showBranch,
  switchModel,
} from "~/modules/completions/completions.server";
import { messages } from "~/modules/texts/catalogue";
import { insertQueuedCompletion } from "#db/chat-writes";
import { createDatabase, type Db } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { insertChat, insertUser, sessionUser, visibleMessages } from "../support/rows";
import { createTestDatabase } from "../support/test-database";
import { directive, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
const dir = mkdtempSync(path.join(tmpdir(), "rogue-branches-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const member = () => sessionUser(t.db, { plan: "professional", roles: [] });
const finish = async (completionId: string) => expect(await t.run(completionId)).toBe("done");
const shown = async (chatId: string) => (await visibleMessages(t.db, chatId)).map((m) => m.content);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof SendRefusedError ? error.reason : error instanceof Response ? error.status : error,
  );

/** Asks `question` (its reply is the question in capitals) and waits for the reply. */
async function ask(session: SessionUser, question: string, chatId: string | null = null) {
  const content = `${question} ${directive({ reply: question.toUpperCase() })}`;
  const sent = await sendMessage(session, { content, requestId: uuidv7() }, chatId);
  await finish(sent.completionId);
  return sent.chatId;
}

/** The id of the shown message with this text at its start. */
async function shownId(chatId: string, start: string) {
  const rows = await t.db
    .selectFrom("chat_messages")
    .select(["id", "content"])
    .where("chat_id", "=", chatId)
    .where("replaced_at", "is", null)
    .execute();
  return rows.find((row) => row.content.startsWith(start))!.id;
}

/** The user turns of the vendor's last request, without the mock's directives. */
const lastPromptQuestions = () =>
  (t.mock.requests().at(-1)!.body as { messages: { role: string; content: string }[] }).messages
    .filter((turn) => turn.role !== "system")
    .map((turn) => turn.content.replace(/ \[\[mock.*$/s, ""));

/** A chat of three questions and their replies. */
async function threeQuestions(session: SessionUser) {
  const chatId = await ask(session, "one");
  await ask(session, "two", chatId);
  await ask(session, "three", chatId);
  return chatId;
}

async function editFirst(session: SessionUser, chatId: string, content: string) {
  const edited = await editAndResend(session, chatId, {
    content: `${content} ${directive({ reply: content.toUpperCase() })}`,
    requestId: uuidv7(),
    questionId: await shownId(chatId, "one"),
  });
  await finish(edited.completionId);
}

const page = async (session: SessionUser, chatId: string) =>
  (await loadChatPage(session, chatId, new URLSearchParams())).messages.map((m) => ({
    text: m.content.replace(/ \[\[mock.*$/s, ""),
    versions: m.versions ? `${m.versions.position}/${m.versions.count}` : null,
  }));

describe("branches", () => {
  it("editing the first of three questions makes a second version; the first stays, with what followed, and shows again", async () => {
    const session = await member();
    const chatId = await threeQuestions(session);
    await editFirst(session, chatId, "uno");
    expect(await page(session, chatId)).toEqual([
      { text: "uno", versions: "2/2" },
      { text: "UNO", versions: null },
    ]);
    const stored = await t.db
      .selectFrom("chat_messages")
      .select("id")
      .where("chat_id", "=", chatId)
      .execute();
    expect(stored).toHaveLength(8);

    await showBranch(session, chatId, await firstVersionOf(chatId, "one"));
    expect(await page(session, chatId)).toEqual([
      { text: "one", versions: "1/2" },
      { text: "ONE", versions: null },
      { text: "two", versions: null },
      { text: "TWO", versions: null },
      { text: "three", versions: null },
      { text: "THREE", versions: null },
    ]);
  });

  it("sends the vendor only the shown branch, on the new branch and after switching back", async () => {
    const session = await member();
    const chatId = await threeQuestions(session);
    await editFirst(session, chatId, "uno");
    expect(lastPromptQuestions()).toEqual(["uno"]);
    await ask(session, "dos", chatId);
    expect(lastPromptQuestions()).toEqual(["uno", "UNO", "dos"]);

    await showBranch(session, chatId, await firstVersionOf(chatId, "one"));
    await ask(session, "four", chatId);
    expect(lastPromptQuestions()).toEqual(["one", "ONE", "two", "TWO", "three", "THREE", "four"]);
    expect((await chatForDownload(t.db, session.user, chatId)).messages.map((m) => m.role)).toHaveLength(8);
  });

  it("regenerating an earlier reply makes a sibling of it; switching back shows the old reply's continuation", async () => {
    const session = await member();
    const chatId = await ask(session, "one");
    await ask(session, "two", chatId);
    const again = await regenerateReply(session, chatId, {
      requestId: uuidv7(),
      questionId: await shownId(chatId, "one"),
    });
    await finish(again.completionId);
    expect(lastPromptQuestions()).toEqual(["one"]);
    const now = await page(session, chatId);
    expect(now).toHaveLength(2);
    expect(now[1]!.versions).toBe("2/2");

    const replies = await t.db
      .selectFrom("chat_messages")
      .select("id")
      .where("chat_id", "=", chatId)
      .where("role", "=", "assistant")
      .orderBy("created_at")
      .execute();
    await showBranch(session, chatId, replies[0]!.id);
    expect(await page(session, chatId)).toEqual([
      { text: "one", versions: null },
      { text: "ONE", versions: "1/2" },
      { text: "two", versions: null },
      { text: "TWO", versions: null },
    ]);
  });

  it("resends to the new model the unanswered question at the end of the shown branch, not the other branch's", async () => {
    const session = await member();
    const chatId = await threeQuestions(session);
    const failing = await editAndResend(session, chatId, {
      content: `uno ${directive({ vendors: { together: { fault: "400" } } })}`,
      requestId: uuidv7(),
      questionId: await shownId(chatId, "one"),
    });
    expect(await t.run(failing.completionId)).toBe("error");
    expect(await switchModel(session, chatId, "llama-3.1-8b-instruct")).toEqual({ resent: true });
    const resent = await t.db
      .selectFrom("completions")
      .select(["user_message_id", "model_id"])
      .where("chat_id", "=", chatId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(resent).toEqual({
      user_message_id: await shownId(chatId, "uno"),
      model_id: "llama-3.1-8b-instruct",
    });
  });

  it("does not switch while a reply is being written, nor to a message deep in a hidden branch", async () => {
    const session = await member();
    const chatId = await threeQuestions(session);
    const hiddenLater = await shownId(chatId, "two");
    await editFirst(session, chatId, "uno");
    expect(await refusal(showBranch(session, chatId, hiddenLater))).toBe(404);
    expect(await refusal(showBranch(session, chatId, uuidv7()))).toBe(404);

    const pending = await sendMessage(session, { content: "dos", requestId: uuidv7() }, chatId);
    const first = await firstVersionOf(chatId, "one");
    expect(await refusal(showBranch(session, chatId, first))).toBe("busy");
    await finish(pending.completionId);
    expect(await shown(chatId)).toHaveLength(4);
  });

  it("refuses a question that is not on the shown branch with the catalogue's text", async () => {
    const session = await member();
    const chatId = await threeQuestions(session);
    const hidden = await shownId(chatId, "two");
    await editFirst(session, chatId, "uno");
    const edit = editAndResend(session, chatId, { content: "x", requestId: uuidv7(), questionId: hidden });
    await expect(edit).rejects.toMatchObject({ message: messages.nothingToEdit, status: 409 });
    const regenerate = regenerateReply(session, chatId, { requestId: uuidv7(), questionId: hidden });
    await expect(regenerate).rejects.toMatchObject({ message: messages.nothingToRegenerate, status: 409 });
    expect(await shown(chatId)).toHaveLength(2);
  });

  it("answers a form naming no message, or not a message id, 400 with the catalogue's text, changing nothing", async () => {
    const session = await member();
    const chatId = await ask(session, "one");
    const signedIn = await startSession(new Request("http://localhost/signin"), session.user, {
      redirectTo: "/chat",
      toast: { title: "Signed in" },
      clientIp: "127.0.0.1",
    });
    const cookie = signedIn.headers.get("Set-Cookie")!.split(";")[0]!;
    const forms: Record<string, string>[] = [
      { intent: "branch" },
      { intent: "branch", messageId: "../../etc" },
      { intent: "regenerate", requestId: uuidv7() },
      { intent: "edit", requestId: uuidv7(), content: "x", questionId: "1 or 1=1" },
    ];
    for (const form of forms) {
      const answer = (await handleChatAction(
        new Request(`http://localhost/chat/${chatId}`, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams(form),
        }),
        chatId,
      )) as unknown as { init: { status: number } | null; data: unknown };
      expect(answer.init?.status).toBe(400);
      expect(JSON.stringify(answer.data)).toContain(messages.messageMissing);
    }
    expect(await shown(chatId)).toHaveLength(2);
  });
});

/** The first version of the question that began with `start`, shown or not. */
async function firstVersionOf(chatId: string, start: string) {
  const rows = await t.db
    .selectFrom("chat_messages")
    .select(["id", "content"])
    .where("chat_id", "=", chatId)
    .where("role", "=", "user")
    .orderBy("created_at")
    .execute();
  return rows.find((row) => row.content.startsWith(start))!.id;
}

/** A database as migration 0015 left it, written without today's schema types. */
type UntypedDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * A chat stored before the tree: a first message's instruction, a question answered, a second question whose
 * reply was regenerated, then that question edited and answered. Returns the messages' ids by name.
 */
async function chatBeforeTheTree(db: Db) {
  await migrateToLatest(db, "0015_message_tokens");
  const userId = await insertUser(db);
  const chatId = await insertChat(db, userId, "Before the tree");
  const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
  const rows: [name: string, role: string, second: number, replacedAt: number | null, asked?: string][] = [
    ["instruction", "system", 1, null],
    ["q1", "user", 1, null],
    ["a1", "assistant", 2, null, "q1"],
    ["q2", "user", 3, 10],
    ["a2", "assistant", 4, 5, "q2"],
    ["a2again", "assistant", 6, 10, "q2"],
    ["q2edited", "user", 10, null],
    ["a2edited", "assistant", 11, null, "q2edited"],
  ];
  const ids = Object.fromEntries(rows.map(([name], index) => [name, `0000000${index}-${name}`]));
  for (const [name, role, second, replacedAt, asked] of rows) {
    let completionId: string | null = null;
    if (asked) {
      completionId = `c-${name}`;
      await insertQueuedCompletion(db, {
        id: completionId,
        chatId,
        userId,
        userMessageId: ids[asked]!,
        modelId: "dolphin-mixtral-8x22b",
        temperature: 0.7,
      });
    }
    await (db as unknown as UntypedDb)
      .insertInto("chat_messages")
      .values({
        id: ids[name],
        chat_id: chatId,
        user_id: userId,
        role,
        content: name,
        content_tokens: 1,
        completion_id: completionId,
        created_at: at(second),
        replaced_at: replacedAt === null ? null : at(replacedAt),
      })
      .execute();
  }
  return { chatId, ids };
}

async function checkTreeMigration(db: Db) {
  const { chatId, ids } = await chatBeforeTheTree(db);
  await migrateToLatest(db);
  const stored = await db
    .selectFrom("chat_messages")
    .select(["id", "parent_id", "replaced_at"])
    .where("chat_id", "=", chatId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const nameOf = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  const parents = Object.fromEntries(
    stored.map((row) => [nameOf[row.id], row.parent_id ? nameOf[row.parent_id] : null]),
  );
  expect(parents).toEqual({
    instruction: null,
    q1: "instruction",
    a1: "q1",
    q2: "a1",
    a2: "q2",
    a2again: "q2",
    q2edited: "a1",
    a2edited: "q2edited",
  });
  // Nothing lost, and the branch shown before is the branch shown after.
  expect(stored.filter((row) => row.replaced_at === null).map((row) => nameOf[row.id])).toEqual([
    "instruction",
    "q1",
    "a1",
    "q2edited",
    "a2edited",
  ]);
}

describe("migration 0016", () => {
  it("turns a chat stored before it into a tree: what regenerate and edit replaced becomes a sibling, on SQLite", async () => {
    const db = createDatabase(`file:${path.join(dir, "tree.db")}`);
    try {
      await checkTreeMigration(db);
    } finally {
      await db.destroy();
    }
  });

  it("turns a chat stored before it into a tree: what regenerate and edit replaced becomes a sibling, on PostgreSQL", async () => {
    const database = await createTestDatabase(dir, "postgres");
    const db = createDatabase(database.url);
    try {
      await checkTreeMigration(db);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
