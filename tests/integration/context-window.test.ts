/**
 * Long chats fit the model (docs/product.md §2 'Context windows'): the worker sends the vendor the system
 * message, the question and the newest earlier turns that fit the model's window, and refuses a question that
 * alone does not fit. The mock vendor refuses prompts over its window, as real vendors do.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { messageTokens } from "#contract/context-window";
import { SETTING_DEFAULTS } from "#db/system-settings";
import { promptTokens } from "#scripts/mock-vendor/dialects";
import { PROMPT_PAGE_SIZE } from "#worker/prompt";
import { completionOf, insertChat, insertMessage } from "../support/rows";
import { setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
let userId: string;

/** A catalogue model served by Together with this window and reserve. */
async function modelWithWindow(modelId: string, contextWindow: number, replyReserve: number) {
  await t.db
    .insertInto("ai_models")
    .values({
      model_id: modelId,
      display_name: modelId,
      icon_text: "W",
      size_label: "",
      description_items: "[]",
      is_new: 0,
      is_pro: 0,
      is_beta: 0,
      is_default: 0,
      supports_images: 0,
      order: 99,
      context_window: contextWindow,
      reply_reserve: replyReserve,
    })
    .execute();
  const together = await t.db
    .selectFrom("api_vendors")
    .select("id")
    .where("name", "=", "together")
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto("api_vendor_models")
    .values({
      vendor_id: together.id,
      model_id: `vendor/${modelId}`,
      ai_model_id: modelId,
      display_name: modelId,
      is_available: 1,
      config: "{}",
    })
    .execute();
}

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
  await modelWithWindow("small-window", 400, 100);
  await modelWithWindow("roomy-window", 100_000, 1_000);
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
    const used = [
      SETTING_DEFAULTS.defaultSystemPrompt,
      ...turns.slice(-kept).map((turn) => turn.content),
      question,
    ]
      .map(messageTokens)
      .reduce((sum, tokens) => sum + tokens, 0);
    expect(used).toBeLessThanOrEqual(300);
    expect(used + messageTokens(turns.at(-kept - 1)!.content)).toBeGreaterThan(300);
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
