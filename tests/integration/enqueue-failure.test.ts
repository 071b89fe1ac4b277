/**
 * A request whose job cannot be queued is taken back whole (the user sees the error and can send again), and a
 * worker's sweeper re-queues requests stranded without a job, against real SQLite and Redis.
 */
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  editAndResend,
  regenerateReply,
  SendRefusedError,
  sendMessage,
} from "~/modules/completions/completions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { serverContext } from "~/modules/server-context.server";
import { createLogger } from "#platform/logger";
import { startWorker } from "#worker/index";
import { sweepStrandedCompletions } from "#worker/sweeper";
import { webLogger } from "~/utils/logger.server";
import { completionOf, lastQuestion, sessionUser, visibleMessages } from "../support/rows";
import { setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
afterEach(() => {
  vi.restoreAllMocks();
});

const member = () => sessionUser(t.db, { plan: "professional" });

/** The next job added to the web's queue fails, as it does when Redis is unreachable. */
const failNextEnqueue = () =>
  vi.spyOn(serverContext().queue, "add").mockRejectedValueOnce(new Error("Connection is closed."));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof SendRefusedError ? { reason: error.reason, status: error.status } : error,
  );

/** What the user has stored: chats, requests for replies, ledger rows and messages (shown or retired). */
async function storedFor(userId: string) {
  const count = async (table: "chat_history" | "completions" | "usage_events" | "chat_messages") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    chats: await count("chat_history"),
    completions: await count("completions"),
    usage: await count("usage_events"),
    messages: await count("chat_messages"),
  };
}

const visible = (chatId: string) => visibleMessages(t.db, chatId);

const finish = async (completionId: string) => expect(await t.run(completionId)).toBe("done");

const busy = { reason: "busy", status: 503 };

describe("a request whose job cannot be queued", () => {
  it("stores nothing for a new chat, answers 503, and the same text can be sent again", async () => {
    const session = await member();
    failNextEnqueue();
    const logged = vi.spyOn(webLogger(), "error");
    expect(
      await refusal(
        sendMessage(session, { content: "[SYSTEM: be brief]\n\nhello", requestId: uuidv7() }, null),
      ),
    ).toEqual(busy);
    // The cause is logged once, with the request's id and the error, never the message's text.
    expect(logged).toHaveBeenCalledTimes(1);
    const [fields] = logged.mock.calls[0] as unknown as [{ err: Error; completionId: string }];
    expect(fields.err.message).toBe("Connection is closed.");
    expect(fields.completionId).toEqual(expect.any(String));
    expect(JSON.stringify(logged.mock.calls[0])).not.toContain("hello");
    logged.mockRestore();
    expect(await storedFor(session.user.id)).toEqual({ chats: 0, completions: 0, usage: 0, messages: 0 });

    const { chatId, completionId } = await sendMessage(
      session,
      { content: "[SYSTEM: be brief]\n\nhello", requestId: uuidv7() },
      null,
    );
    expect(await t.queue.getJob(completionId)).toBeTruthy();
    expect(await visible(chatId)).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "hello" },
    ]);
  });

  /** A request in a chat that has one finished exchange, and the text that exchange began with. */
  const retries: {
    name: string;
    first: string;
    ask: (session: SessionUser, chatId: string) => Promise<{ completionId: string }>;
  }[] = [
    {
      name: "leaves an existing chat as it was and free for the next send",
      first: "first",
      ask: (session, chatId) => sendMessage(session, { content: "second", requestId: uuidv7() }, chatId),
    },
    {
      name: "puts back the reply a failed regenerate would have replaced, and regenerate works again",
      first: "tell me a joke",
      ask: async (session, chatId) =>
        regenerateReply(session, chatId, {
          requestId: uuidv7(),
          questionId: await lastQuestion(t.db, chatId),
        }),
    },
    {
      name: "puts back the question and reply a failed edit would have replaced, and edit works again",
      first: "original",
      ask: async (session, chatId) =>
        editAndResend(session, chatId, {
          content: "edited",
          requestId: uuidv7(),
          questionId: await lastQuestion(t.db, chatId),
        }),
    },
  ];
  it.each(retries)("$name", async ({ first, ask }) => {
    const session = await member();
    const { chatId, completionId } = await sendMessage(
      session,
      { content: first, requestId: uuidv7() },
      null,
    );
    await finish(completionId);
    const before = await storedFor(session.user.id);
    const shown = await visible(chatId);

    failNextEnqueue();
    expect(await refusal(ask(session, chatId))).toEqual(busy);
    expect(await storedFor(session.user.id)).toEqual(before);
    expect(await visible(chatId)).toEqual(shown);

    const again = await ask(session, chatId);
    expect(await t.queue.getJob(again.completionId)).toBeTruthy();
  });
});

describe("the worker's sweeper", () => {
  const logger = createLogger("test", "silent");
  const backdate = (completionId: string, ms: number) =>
    t.db
      .updateTable("completions")
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where("id", "=", completionId)
      .execute();

  it("re-queues only completions queued past the grace period with no job", async () => {
    const userId = await t.createUser();
    const stranded = await t.createCompletion(userId, "stranded");
    await backdate(stranded.completionId, 60_000);
    const fresh = await t.createCompletion(userId, "fresh");
    const withJob = await t.createCompletion(userId, "has a job");
    await backdate(withJob.completionId, 60_000);
    await t.queue.add(
      "completion",
      { completionId: withJob.completionId },
      {
        jobId: withJob.completionId,
        delay: 3_600_000,
      },
    );

    expect(await sweepStrandedCompletions(t.db, t.queue, logger, 30_000)).toEqual([stranded.completionId]);
    expect(await t.queue.getJob(stranded.completionId)).toBeTruthy();
    expect(await t.queue.getJob(fresh.completionId)).toBeUndefined();
    expect(await (await t.queue.getJob(withJob.completionId))?.getState()).toBe("delayed");
    expect(await sweepStrandedCompletions(t.db, t.queue, logger, 30_000)).toEqual([]);
    await t.queue.remove(withJob.completionId);
  });

  it("runs in the worker, which then writes the stranded reply", async () => {
    const userId = await t.createUser();
    const { completionId } = await t.createCompletion(userId, "Nobody queued me");
    await backdate(completionId, 60_000);
    const worker = await startWorker({ concurrency: 1, sweep: { intervalMs: 100, graceMs: 30_000 } });
    try {
      const streamed = await t.readStream(completionId);
      expect(streamed.terminal.type).toBe("done");
      expect(streamed.text).toBe(t.mock.expectedReply("together", "Nobody queued me"));
      expect((await completionOf(t.db, completionId)).status).toBe("done");
    } finally {
      await worker.close();
    }
  });
});
