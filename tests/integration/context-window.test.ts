/**
 * Long chats fit the model (docs/product.md §2 'Context windows'): the worker sends the vendor the system
 * message, the question and the newest earlier turns that fit the model's window, and refuses a question that
 * alone does not fit. The mock vendor refuses prompts over its window, as real vendors do.
 */
import { sql } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES_PER_PAGE, loadChatPage } from "~/modules/chats/chat-page.server";
import { SendRefusedError, sendMessage } from "~/modules/completions/completions.server";
import { failureMessage } from "~/modules/texts/catalogue";
import { handleChatAction } from "~/routes-support/chat-intents.server";
import { countContentTokens, messageTokens } from "#contract/context-window";
import { SETTING_DEFAULTS } from "#db/system-settings";
import { promptTokens } from "#scripts/mock-vendor/dialects";
import { PROMPT_PAGE_SIZE } from "#worker/prompt";
import { completionOf, insertChat, insertMessage, insertModelWithWindow, sessionUser } from "../support/rows";
import { outcome, post, sessionCookieFor } from "../support/route-calls";
import { setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
let userId: string;

/** A chat of `count` earlier turns, alternating question and reply, each older than the next. */
async function chatWithTurns(modelId: string, count: number, text: (index: number) => string) {
  const chatId = await insertChat(t.db, userId, "A long chat", { modelId });
  const turns = Array.from({ length: count }, (_, index) => ({
    role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
    content: text(index),
  }));
  for (const [index, turn] of turns.entries())
    await insertMessage(t.db, chatId, userId, turn.role, turn.content, { offsetMs: (index - count) * 1000 });
  return { chatId, turns };
}

const sentMessages = () => (t.mock.requests("together").at(-1)?.body as { messages: unknown[] }).messages;

beforeAll(async () => {
  userId = await t.createUser();
  await insertModelWithWindow(t.db, "small-window", 400, 100);
  await insertModelWithWindow(t.db, "roomy-window", 100_000, 1_000);
});
afterEach(() => t.mock.reset());

describe("a prompt built to the model's window", () => {
  it("sends a vendor that refuses long prompts only the newest turns that fit, whole, after the system message", async () => {
    t.mock.setBehaviour({ contextWindow: 400 });
    const { chatId, turns } = await chatWithTurns(
      "small-window",
      40,
      (index) => `Turn ${index}: a sentence of some twenty tokens that the model read once, long ago.`,
    );
    const question = "And what did we say last?";
    // The whole chat would be refused: this is what a long chat sent whole meets at a real vendor.
    expect(promptTokens([...turns, { role: "user", content: question }])).toBeGreaterThan(400);

    const { completionId } = await t.createCompletion(userId, question, { chatId, modelId: "small-window" });
    expect(await t.run(completionId)).toBe("done");

    const sent = sentMessages();
    const kept = sent.length - 2;
    expect(kept).toBeGreaterThan(2);
    expect(kept).toBeLessThan(turns.length);
    expect(sent).toEqual([
      { role: "system", content: SETTING_DEFAULTS.defaultSystemPrompt },
      ...turns.slice(-kept),
      { role: "user", content: question },
    ]);
    // As many as fit: one turn more would not have.
    const tokensOf = (content: string) => messageTokens(countContentTokens(content));
    const counts = [
      SETTING_DEFAULTS.defaultSystemPrompt,
      ...turns.slice(-kept).map((turn) => turn.content),
      question,
    ].map(tokensOf);
    const used = counts.reduce((sum, tokens) => sum + tokens, 0);
    expect(used).toBeLessThanOrEqual(300);
    expect(used + tokensOf(turns.at(-kept - 1)!.content)).toBeGreaterThan(300);
  });

  it("keeps the chat's own system message however far back it is, and leaves replaced messages out", async () => {
    const chatId = await insertChat(t.db, userId, "Instructions first", { modelId: "small-window" });
    await insertMessage(t.db, chatId, userId, "system", "Answer in French.", { offsetMs: -900_000 });
    for (let index = 0; index < 3 * PROMPT_PAGE_SIZE; index += 1)
      await insertMessage(
        t.db,
        chatId,
        userId,
        index % 2 ? "assistant" : "user",
        `Turn ${index} ${"filler ".repeat(10)}`,
        {
          offsetMs: -800_000 + index * 1000,
        },
      );
    await insertMessage(t.db, chatId, userId, "assistant", "a regenerated reply", {
      offsetMs: -1000,
      replaced: true,
    });
    const { completionId } = await t.createCompletion(userId, "Bonjour?", {
      chatId,
      modelId: "small-window",
    });
    expect(await t.run(completionId)).toBe("done");

    const sent = sentMessages() as { role: string; content: string }[];
    expect(sent[0]).toEqual({ role: "system", content: "Answer in French." });
    expect(sent.at(-1)).toEqual({ role: "user", content: "Bonjour?" });
    expect(sent.some((turn) => turn.content === "a regenerated reply")).toBe(false);
    expect(sent.at(-2)?.content).toBe(`Turn ${3 * PROMPT_PAGE_SIZE - 1} ${"filler ".repeat(10)}`);
  });

  it("reads page after page while turns still fit: a chat within the window is sent whole, in order", async () => {
    const { chatId, turns } = await chatWithTurns(
      "roomy-window",
      2 * PROMPT_PAGE_SIZE + 7,
      (index) => `Turn ${index}`,
    );
    const { completionId } = await t.createCompletion(userId, "Everything?", {
      chatId,
      modelId: "roomy-window",
    });
    expect(await t.run(completionId)).toBe("done");
    expect(sentMessages()).toEqual([
      { role: "system", content: SETTING_DEFAULTS.defaultSystemPrompt },
      ...turns,
      { role: "user", content: "Everything?" },
    ]);
  });

  it("refuses a question that alone does not fit, before any vendor is asked, with the catalogue's reason", async () => {
    const before = t.mock.requests().length;
    const { completionId } = await t.createCompletion(userId, "too long ".repeat(400), {
      modelId: "small-window",
    });
    expect(await t.run(completionId)).toBe("error");
    expect(await completionOf(t.db, completionId)).toMatchObject({
      status: "error",
      error_code: "context_length",
    });
    expect(t.mock.requests()).toHaveLength(before);
    const { terminal } = await t.readStream(completionId);
    expect(terminal).toMatchObject({ type: "error", code: "context_length" });
  });
});

/** Each stored message of a chat with its stored count and its text's count now, oldest first. */
async function countsOf(chatId: string) {
  const rows = await t.db
    .selectFrom("chat_messages")
    .select(["role", "content", "content_tokens"])
    .where("chat_id", "=", chatId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, counted: countContentTokens(row.content) }));
}

describe("token counts stored with each message", () => {
  it("stores the count of what the web stores (a question, a first message's instruction) and of the worker's reply", async () => {
    const session = await sessionUser(t.db, { plan: "professional" });
    const { chatId, completionId } = await sendMessage(
      session,
      { content: "[SYSTEM: Answer briefly.]\n\nWhat is a token, in a sentence or two?", requestId: uuidv7() },
      null,
    );
    expect(await t.run(completionId)).toBe("done");
    const rows = await countsOf(chatId);
    expect(rows.map((row) => row.role)).toEqual(["system", "user", "assistant"]);
    for (const row of rows) {
      expect(row.content_tokens).toBe(row.counted);
      expect(row.content_tokens).toBeGreaterThan(2);
    }
  });

  it("builds the window from the stored counts, without counting the chat's text again", async () => {
    t.mock.setBehaviour({ contextWindow: 400 });
    const { chatId, turns } = await chatWithTurns("small-window", 6, (index) => `Short turn ${index}.`);
    // All six short turns fit by their text; the stored count of the third newest says it is too long.
    const third = await t.db
      .selectFrom("chat_messages")
      .select("id")
      .where("chat_id", "=", chatId)
      .where("content", "=", turns.at(-3)!.content)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("chat_messages")
      .set({ content_tokens: 1_000 })
      .where("id", "=", third.id)
      .execute();

    const { completionId } = await t.createCompletion(userId, "And now?", {
      chatId,
      modelId: "small-window",
    });
    expect(await t.run(completionId)).toBe("done");
    expect(sentMessages()).toEqual([
      { role: "system", content: SETTING_DEFAULTS.defaultSystemPrompt },
      ...turns.slice(-2),
      { role: "user", content: "And now?" },
    ]);
  });
});

describe("messages stored without a count", () => {
  it("counts those a process of an earlier release stored during an upgrade when it builds the window", async () => {
    t.mock.setBehaviour({ contextWindow: 400 });
    const promptOf = async (uncounted: boolean) => {
      const { chatId, turns } = await chatWithTurns(
        "small-window",
        40,
        (index) => `Turn ${index}: a sentence of some twenty tokens that the model read once, long ago.`,
      );
      if (uncounted)
        await sql`update chat_messages set content_tokens = null where chat_id = ${chatId}`.execute(t.db);
      const { completionId } = await t.createCompletion(userId, "And what did we say last?", {
        chatId,
        modelId: "small-window",
      });
      expect(await t.run(completionId)).toBe("done");
      return { sent: sentMessages(), turns };
    };
    const counted = await promptOf(false);
    const uncounted = await promptOf(true);
    expect(uncounted.sent).toEqual(counted.sent);
    expect(uncounted.sent.length).toBeLessThan(uncounted.turns.length);
  });
});

describe("a question too long for the model's window, sent from the chat", () => {
  const tooLong = "too long ".repeat(400);

  it("is refused before anything is stored or queued, with the catalogue's reason", async () => {
    const session = await sessionUser(t.db, { plan: "professional" });
    const refused = await sendMessage(
      session,
      { content: tooLong, requestId: uuidv7(), model: "small-window" },
      null,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SendRefusedError);
    expect(refused).toMatchObject({
      status: 400,
      reason: "tooLong",
      message: failureMessage({ code: "context_length" }),
    });
    const stored = await t.db
      .selectFrom("completions")
      .select("id")
      .where("user_id", "=", session.user.id)
      .execute();
    expect(stored).toEqual([]);
    // One that fits the same model still goes.
    const { completionId } = await sendMessage(
      session,
      { content: "A short one.", requestId: uuidv7(), model: "small-window" },
      null,
    );
    expect(await t.run(completionId)).toBe("done");
  });

  it("answers the chat form with 400 and the reason as the form's error, the question kept out of the chat", async () => {
    const session = await sessionUser(t.db, { plan: "professional" });
    const visitor = await sessionCookieFor(t, session.user.id);
    const chatId = await insertChat(t.db, session.user.id, "Earlier", { modelId: "small-window" });
    const answer = await outcome(() =>
      handleChatAction(
        post(`/chat/${chatId}`, visitor, { content: tooLong, requestId: uuidv7(), model: "small-window" }),
        chatId,
      ),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(failureMessage({ code: "context_length" }));
    expect(await countsOf(chatId)).toEqual([]);
  });
});

describe("where the chat page marks the model's memory starting", () => {
  it("counts the chat's own system message when it lies on an earlier page, as the worker does", async () => {
    t.mock.setBehaviour({ contextWindow: 400 });
    const session = await sessionUser(t.db, { plan: "professional" });
    const chatId = await insertChat(t.db, session.user.id, "Instructions long ago", {
      modelId: "small-window",
    });
    // About 180 tokens of instruction: far more than the default one, so fewer turns fit beside it.
    const instruction = `Answer as a pirate would. ${"Keep to the pirate's words. ".repeat(25)}`;
    await insertMessage(t.db, chatId, session.user.id, "system", instruction, { offsetMs: -900_000 });
    const turns = MESSAGES_PER_PAGE + 10;
    for (let index = 0; index < turns; index += 1)
      await insertMessage(
        t.db,
        chatId,
        session.user.id,
        index % 2 ? "assistant" : "user",
        `Turn ${index}: a few words said.`,
        { offsetMs: -800_000 + index * 1000 },
      );
    const { completionId } = await t.createCompletion(session.user.id, "Where were we?", {
      chatId,
      modelId: "small-window",
    });
    expect(await t.run(completionId)).toBe("done");
    const sent = sentMessages() as { role: string; content: string }[];
    expect(sent[0]).toEqual({ role: "system", content: instruction });
    const oldestSent = sent[1]!.content;

    const page = await loadChatPage(session, chatId, new URLSearchParams());
    expect(page.messages.some((message) => message.role === "system")).toBe(false);
    const marked = page.messages.find((message) => message.id === page.memoryStartsAt);
    expect(marked?.content).toBe(oldestSent);
  });
});

describe("where the chat page marks the model's memory starting, with files", () => {
  it("counts an earlier question's documents, as the worker does when it leaves that question out", async () => {
    const session = await sessionUser(t.db, { plan: "professional" });
    userId = session.user.id;
    const { chatId, turns } = await chatWithTurns(
      "small-window",
      6,
      (index) => `Turn ${index}: a few words said.`,
    );
    const withDocument = await t.db
      .selectFrom("chat_messages")
      .select("id")
      .where("chat_id", "=", chatId)
      .where("content", "=", turns[2]!.content)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("attachments")
      .values({
        id: uuidv7(),
        chat_id: chatId,
        user_id: userId,
        message_id: withDocument.id,
        name: "long.txt",
        media_type: "text/plain",
        size: 1600,
        bytes: new Uint8Array(1600),
        text: "pelican ".repeat(200),
        created_at: new Date().toISOString(),
      })
      .execute();
    const { completionId } = await t.createCompletion(userId, "Where were we?", {
      chatId,
      modelId: "small-window",
    });
    expect(await t.run(completionId)).toBe("done");
    const sent = sentMessages() as { role: string; content: string }[];
    // The question with its document does not fit beside the rest: it and what came before are left out.
    expect(sent.slice(1, -1).map((turn) => turn.content)).toEqual(turns.slice(3).map((turn) => turn.content));

    const page = await loadChatPage(session, chatId, new URLSearchParams());
    const marked = page.messages.find((message) => message.id === page.memoryStartsAt);
    expect(marked?.content).toBe(turns[3]!.content);
  });
});
