/**
 * A send in a long chat costs what it costs in a short one (docs/product.md §2 'Context windows'): the
 * worker's prompt build for the next question, timed in a chat of 1,000 messages (500 questions, 500 replies of
 * about 300 words with code and a formula) and in one of 10, on a database of its own. Before issue 44 the
 * build read, and sent, every earlier message: its time grew with the chat.
 */
import { v7 as uuidv7 } from "uuid";
import { insertChatMessage, insertQueuedCompletion } from "#db/chat-writes";
import type { Db } from "#db/database";
import { nowIso } from "#db/schema";
import { buildPrompt } from "#worker/prompt";
import type { BenchContext } from "../context";
import { seedUserWithChats, withScratchDatabase } from "../seed-chats";
import { distTable, type ScenarioReport } from "../report";
import { ms, summarize } from "../stats";

export interface LongChatSizes {
  /** Timed prompt builds per chat, interleaved. */
  sends: number;
}

/** The model of both chats: Llama 3.1 8B, timed with its own 131,072-token window and with 8,192. */
const MODEL_ID = "llama-3.1-8b-instruct";

const REPLY = [
  "Here is one way to do it, with the reasoning first and the code after.",
  "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore ".repeat(
    20,
  ),
  "```ts\nexport function mean(values: number[]): number {\n  return values.reduce((a, b) => a + b, 0) / values.length;\n}\n```",
  "The variance is $\\sigma^2 = \\frac{1}{n}\\sum_{i=1}^{n}(x_i - \\mu)^2$, and its root is the deviation.",
].join("\n\n");

/** A chat of `messages` questions and replies before the one being sent. */
const chatOf = (messages: number) => ({
  title: `${messages} messages`,
  modelId: MODEL_ID,
  at: nowIso(),
  messages: Array.from({ length: messages }, (_, index) =>
    index % 2 === 0 ? `Question ${index}: how do I compute a mean?` : REPLY,
  ),
});

/** The next question in `chatId` and the completion its send queues, stored as the send stores them. */
async function nextQuestion(db: Db, userId: string, chatId: string) {
  const userMessageId = await insertChatMessage(db, {
    chatId,
    userId,
    role: "user",
    content: "And the median?",
  });
  const completionId = uuidv7();
  await insertQueuedCompletion(db, {
    id: completionId,
    chatId,
    userId,
    userMessageId,
    modelId: MODEL_ID,
    temperature: 0.7,
  });
  return db.selectFrom("completions").selectAll().where("id", "=", completionId).executeTakeFirstOrThrow();
}

type Completion = Awaited<ReturnType<typeof nextQuestion>>;

async function timeBuilds(db: Db, chats: { long: Completion; short: Completion }, sends: number) {
  const times = { long: [] as number[], short: [] as number[] };
  const turns = { long: 0, short: 0 };
  for (let index = 0; index < sends + 5; index += 1) {
    for (const name of ["long", "short"] as const) {
      const started = performance.now();
      const prompt = await buildPrompt(db, chats[name]);
      // The first five of each are a warm-up: the tokenizer's caches and SQLite's pages fill.
      if (index >= 5) times[name].push(performance.now() - started);
      if ("turns" in prompt) turns[name] = prompt.turns.length;
    }
  }
  return {
    long: { summary: summarize(times.long), turns: turns.long },
    short: { summary: summarize(times.short), turns: turns.short },
  };
}

export async function longChatScenario(context: BenchContext, sizes: LongChatSizes): Promise<ScenarioReport> {
  return withScratchDatabase("long-chat", async (db) => {
    context.log("long-chat: seeding a chat of 1,000 messages and one of 10");
    const { user, chatIds } = await seedUserWithChats(db, "professional", 2, (index) =>
      chatOf(index === 0 ? 1_000 : 10),
    );
    const long = await nextQuestion(db, user.id, chatIds[0]!);
    const short = await nextQuestion(db, user.id, chatIds[1]!);
    const windows = [131_072, 8_192];
    const phases = [];
    for (const contextWindow of windows) {
      await db
        .updateTable("ai_models")
        .set({ context_window: contextWindow })
        .where("model_id", "=", MODEL_ID)
        .execute();
      context.log(`long-chat: ${sizes.sends} prompt builds each with a ${contextWindow}-token window`);
      phases.push({ contextWindow, ...(await timeBuilds(db, { long, short }, sizes.sends)) });
    }
    return {
      id: "long-chat",
      title: "A send's prompt build in a 1,000-message chat and in a 10-message chat",
      targets: phases.map(({ contextWindow, long: l, short: s }) => ({
        name: `prompt build p50, 1,000 messages vs 10, ${contextWindow}-token window`,
        target: "within 20 %",
        measured: `${ms(l.summary.p50)} vs ${ms(s.summary.p50)} ms (×${(l.summary.p50 / s.summary.p50).toFixed(2)})`,
        met: l.summary.p50 <= 1.2 * s.summary.p50,
      })),
      tables: phases.map(({ contextWindow, long: l, short: s }) =>
        distTable(
          `worker prompt build, ${contextWindow}-token window, ${sizes.sends} sends each, interleaved (ms)`,
          [
            [`1,000 messages (${l.turns} turns sent)`, l.summary],
            [`10 messages (${s.turns} turns sent)`, s.summary],
          ],
        ),
      ),
      notes: [
        "A build reads the chat newest first and stops when the window is full: its cost follows what the window holds, not the chat's length. With a 131,072-token window the long chat's prompt holds about 40 times the short one's tokens, counted per send.",
      ],
    };
  });
}
