/**
 * The reply pipeline against real SQLite, real Redis and the mock vendor: queue → worker → Redis Stream →
 * database, including fallback, failures, stop, and continuation after an interrupted run.
 */
import { WaitingError, type Job } from "bullmq";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ShuttingDown, StopRequested } from "#worker/abort-reasons";
import { runCompletion } from "#worker/processor";
import { createDatabase } from "#db/database";
import { SETTING_DEFAULTS } from "#db/system-settings";
import { connectRedis } from "#platform/redis";
import { completionProcessor, startWorker } from "#worker/index";
import {
  COMPLETION_QUEUE,
  completionOwnerKey,
  completionStreamKey,
  parseStreamFields,
  type CompletionJob,
} from "#contract/jobs";
import { completionOf } from "../support/rows";
import { directive, TEST_VENDOR_KEY, type TestEnv, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
let userId: string;

beforeAll(async () => {
  userId = await t.createUser();
});
afterEach(() => t.mock.reset());

const assistantMessages = (completionId: string) =>
  t.db.selectFrom("chat_messages").selectAll().where("completion_id", "=", completionId).execute();
const attempts = (completionId: string) =>
  t.db
    .selectFrom("completion_attempts")
    .select(["vendor", "outcome", "http_status"])
    .where("completion_id", "=", completionId)
    .orderBy("id")
    .execute();

describe("a worker process", () => {
  it("streams a queued reply into Redis, stores it once and records the vendor, timings and usage", async () => {
    const worker = await startWorker({ concurrency: 4 });
    try {
      const content = "Tell me something nice";
      const { completionId } = await t.createCompletion(userId, content);
      await t.enqueue(completionId);
      const streamed = await t.readStream(completionId);

      const expected = t.mock.expectedReply("together", content);
      expect(streamed.text).toBe(expected);
      expect(streamed.terminal.type).toBe("done");
      const messages = await assistantMessages(completionId);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        role: "assistant",
        content: expected,
        vendor: "together",
        model_id: "dolphin-mixtral-8x22b",
        status: "complete",
      });
      const row = await completionOf(t.db, completionId);
      expect(row).toMatchObject({ status: "done", vendor: "together" });
      expect(row.first_token_at).not.toBeNull();
      expect(row.completion_tokens).toBeGreaterThan(0);
      // The attempt that wrote the reply is stored with it, once: the console's vendor health counts it.
      expect(await attempts(completionId)).toEqual([
        { vendor: "together", outcome: "ok", http_status: null },
      ]);

      const [request] = t.mock.requests("together");
      expect(request?.headers.authorization).toBe(`Bearer ${TEST_VENDOR_KEY}`);
      expect(request?.headers["x-request-id"]).toContain(completionId);
      expect(request?.body).toMatchObject({
        model: "cognitivecomputations/dolphin-2.9.2-mixtral-8x22b",
        temperature: 0.7,
        max_tokens: 1024,
        stream: true,
        messages: [
          { role: "system", content: SETTING_DEFAULTS.defaultSystemPrompt },
          { role: "user", content },
        ],
      });
    } finally {
      await worker.close();
    }
  });

  it("adds one job for a completion enqueued twice, and a finished completion is never run again", async () => {
    const worker = await startWorker({ concurrency: 4 });
    try {
      const { completionId } = await t.createCompletion(userId, "Only once please");
      await t.enqueue(completionId);
      await t.enqueue(completionId);
      await t.readStream(completionId);
      await expect(runCompletion(t.runner(), completionId, new AbortController().signal)).resolves.toBe(
        "already-finished",
      );
      expect(await assistantMessages(completionId)).toHaveLength(1);
      expect(t.mock.requests()).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });

  it("stops a run whose job lock lapsed and lets one new run continue it: one reply, two vendor calls", async () => {
    // Short locks so a lapse and the stalled check that re-queues the job take a second, not half a minute.
    const worker = await startWorker({ concurrency: 4, locks: { lockMs: 600, stalledCheckMs: 300 } });
    try {
      const content = `outlive a lapsed lock ${directive({ tokens: 80, tokenMs: 40 })}`;
      const { completionId } = await t.createCompletion(userId, content);
      await t.enqueue(completionId);
      await vi.waitFor(
        async () => expect(await t.redis.xlen(completionStreamKey(completionId))).toBeGreaterThan(5),
        {
          timeout: 5_000,
          interval: 20,
        },
      );
      // What a starved worker sees: its lock gone while its run is still streaming.
      await t.redis.del(`${t.env.queuePrefix}:${COMPLETION_QUEUE}:${completionId}:lock`);

      const streamed = await t.readStream(completionId, 15_000);
      const expected = t.mock.expectedReply("together", content);
      expect(streamed.terminal.type).toBe("done");
      expect(streamed.text).toBe(expected);
      expect((await assistantMessages(completionId)).map((m) => m.content)).toEqual([expected]);
      // The first run stopped when its lock went and the second kept its own: no third run, no third call.
      expect(t.mock.requests("together")).toHaveLength(2);
    } finally {
      await worker.close();
    }
  });
  it("does not start a run whose job lock lapsed before it began: the run now holding the job keeps the reply", async () => {
    const { completionId } = await t.createCompletion(userId, "Too late to start");
    // A job taken before a busy spell whose lock lapsed (and was given to another run) before its run started.
    const lapsed = { id: completionId, data: { completionId }, extendLock: async () => 0 };
    const processor = completionProcessor(t.runner(), new Map(), 10_000);
    await expect(processor(lapsed as unknown as Job<CompletionJob>, "stale-token")).rejects.toBeInstanceOf(
      WaitingError,
    );
    // It neither fenced the stream (which would refuse the lock holder's writes) nor called a vendor.
    expect(await t.redis.exists(completionOwnerKey(completionId))).toBe(0);
    expect(t.mock.requests()).toHaveLength(0);
    expect((await completionOf(t.db, completionId)).status).toBe("queued");
  });

  it("starts a job taken a moment ago without renewing its lock first, and renews one taken long ago", async () => {
    const processor = completionProcessor(t.runner(), new Map(), 10_000);
    const jobFor = async (content: string, takenMsAgo: number) => {
      const { completionId } = await t.createCompletion(userId, content);
      const extendLock = vi.fn(async () => 1);
      const job = {
        id: completionId,
        data: { completionId },
        processedOn: Date.now() - takenMsAgo,
        extendLock,
      };
      return { completionId, extendLock, job: job as unknown as Job<CompletionJob> };
    };
    const fresh = await jobFor("Just taken", 0);
    await expect(processor(fresh.job, "token")).resolves.toBe("done");
    expect(fresh.extendLock).not.toHaveBeenCalled();

    const late = await jobFor("Taken before a busy spell", 5_000);
    await expect(processor(late.job, "token")).resolves.toBe("done");
    expect(late.extendLock).toHaveBeenCalledTimes(1);
    expect((await completionOf(t.db, late.completionId)).status).toBe("done");
  });
});

describe("running a completion", () => {
  const run = (
    completionId: string,
    signal = new AbortController().signal,
    timeouts?: Parameters<TestEnv["runner"]>[0],
  ) => runCompletion(t.runner(timeouts), completionId, signal);
  /** Runs the completion and aborts it for `reason` once its first token is out; resolves as the run ends. */
  const runInterrupted = async (completionId: string, reason: Error) => {
    const controller = new AbortController();
    const running = run(completionId, controller.signal);
    await firstToken(completionId);
    controller.abort(reason);
    return running;
  };

  it("keeps the reply byte-exact however the vendor's stream is chunked", async () => {
    const reply = "Grüße, 世界! 🙂👩‍💻 — naïve façade\nline two\r\nend ✓";
    const content = `exact please ${directive({ reply, splitBytes: true, crlf: true, comments: true, usage: true })}`;
    const { completionId } = await t.createCompletion(userId, content);
    await expect(run(completionId)).resolves.toBe("done");
    expect((await t.readStream(completionId)).text).toBe(reply);
    expect((await assistantMessages(completionId))[0]?.content).toBe(reply);
  });

  it("falls back to the next vendor serving the model when the active one fails before the first token", async () => {
    const content = `fallback ${directive({ vendors: { together: { fault: "500" } } })}`;
    const { completionId } = await t.createCompletion(userId, content);
    await expect(run(completionId)).resolves.toBe("done");
    expect((await assistantMessages(completionId))[0]).toMatchObject({
      vendor: "novita",
      content: t.mock.expectedReply("novita", content),
    });
    expect(await attempts(completionId)).toEqual([
      { vendor: "together", outcome: "http", http_status: 500 },
      { vendor: "novita", outcome: "ok", http_status: null },
    ]);
  });

  it("does not fall back on a bad request, which would fail the same way everywhere", async () => {
    const { completionId } = await t.createCompletion(userId, `bad ${directive({ fault: "400" })}`);
    await expect(run(completionId)).resolves.toBe("error");
    expect(await attempts(completionId)).toHaveLength(1);
    expect(await completionOf(t.db, completionId)).toMatchObject({
      status: "error",
      error_code: "bad_request",
    });
    const { terminal } = await t.readStream(completionId);
    expect(terminal).toMatchObject({ type: "error", code: "bad_request" });
  });

  it("reports the first vendor's failure when every vendor fails", async () => {
    const { completionId } = await t.createCompletion(
      userId,
      `all down ${directive({ fault: "500", vendors: { modelslab: { fault: "429" } } })}`,
    );
    await expect(run(completionId)).resolves.toBe("error");
    expect(await completionOf(t.db, completionId)).toMatchObject({
      status: "error",
      error_code: "http",
      error_status: 500,
    });
    expect((await attempts(completionId)).map((a) => a.vendor)).toEqual(["together", "novita", "modelslab"]);
    expect(await assistantMessages(completionId)).toHaveLength(0);
  });

  it("gives up on a vendor that sends no first token in time", async () => {
    const { completionId } = await t.createCompletion(userId, `slow ${directive({ fault: "hang" })}`);
    await expect(run(completionId, undefined, { firstTokenMs: 200, idleMs: 200 })).resolves.toBe("error");
    expect(await completionOf(t.db, completionId)).toMatchObject({ status: "error", error_code: "timeout" });
    await t.mock.whenIdle();
  });

  it("marks a reply streaming while its vendor works on the request, and a stop then ends it", async () => {
    const { completionId } = await t.createCompletion(userId, `wait ${directive({ fault: "hang" })}`);
    const controller = new AbortController();
    const running = run(completionId, controller.signal, { firstTokenMs: 30_000, idleMs: 30_000 });
    await vi.waitFor(() => expect(t.mock.requests("together")).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(
      async () => {
        const row = await completionOf(t.db, completionId);
        expect(row.status).toBe("streaming");
        expect(row.started_at).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    controller.abort(new StopRequested());
    await expect(running).resolves.toBe("stopped");
    expect(await completionOf(t.db, completionId)).toMatchObject({ status: "stopped" });
    await t.mock.whenIdle();
  });

  it("streams a reply while its status write waits for a lock another connection holds", async () => {
    const content = "held row";
    const { completionId } = await t.createCompletion(userId, content);
    // Another process's long write: the completion's row (and, on SQLite, the whole database) stays locked.
    const other = createDatabase(t.env.databaseUrl);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = other.transaction().execute(async (trx) => {
      await trx.updateTable("completions").set({ status: "queued" }).where("id", "=", completionId).execute();
      locked();
      await released;
    });
    try {
      await holding;
      const running = run(completionId);
      const streamedText = async () =>
        (await t.redis.xrange(completionStreamKey(completionId), "-", "+"))
          .map(([, fields]) => parseStreamFields(fields))
          .map((entry) => (entry.type === "token" ? entry.text : ""))
          .join("");
      const expected = t.mock.expectedReply("together", content);
      await vi.waitFor(async () => expect(await streamedText()).toBe(expected), { timeout: 4_000 });
      // Read on a connection of its own: this process's shared one is the worker's, waiting to write.
      const watcher = createDatabase(t.env.databaseUrl);
      expect(await completionOf(watcher, completionId)).toMatchObject({ status: "queued" });
      await watcher.destroy();
      release();
      await holder;
      await expect(running).resolves.toBe("done");
      expect(await completionOf(t.db, completionId)).toMatchObject({ status: "done" });
      expect((await assistantMessages(completionId))[0]?.content).toBe(expected);
    } finally {
      release();
      await holder.catch(() => undefined);
      await other.destroy();
    }
  });

  it("ends a reply whose vendor stalls between tokens", async () => {
    const { completionId } = await t.createCompletion(
      userId,
      `stall ${directive({ fault: "stall", faultAfterTokens: 3 })}`,
    );
    await expect(run(completionId, undefined, { firstTokenMs: 2_000, idleMs: 200 })).resolves.toBe("error");
    expect((await attempts(completionId))[0]).toMatchObject({ vendor: "together", outcome: "timeout" });
    await t.mock.whenIdle();
  });

  it("skips a vendor without a key and says which key is missing when none has one", async () => {
    const saved = await t.db.selectFrom("api_vendors").select(["id", "api_key_encrypted"]).execute();
    await t.db.updateTable("api_vendors").set({ api_key_encrypted: null }).execute();
    try {
      const { completionId } = await t.createCompletion(userId, "no keys anywhere");
      await expect(run(completionId)).resolves.toBe("error");
      expect(await completionOf(t.db, completionId)).toMatchObject({
        error_code: "key_missing",
        error_detail: "together",
      });
      expect(t.mock.requests()).toHaveLength(0);
    } finally {
      for (const { id, api_key_encrypted } of saved) {
        await t.db.updateTable("api_vendors").set({ api_key_encrypted }).where("id", "=", id).execute();
      }
    }
  });

  it("uses a vendor with a key when none is activated, and skips the active one without a key", async () => {
    const saved = await t.db.selectFrom("api_vendors").select(["id", "api_key_encrypted"]).execute();
    await t.db.updateTable("api_vendors").set({ is_active: 0 }).execute();
    try {
      const { completionId } = await t.createCompletion(userId, "anyone there?");
      await expect(run(completionId)).resolves.toBe("done");
      expect(await completionOf(t.db, completionId)).toMatchObject({ vendor: "together" });
      // The active vendor without a key of the service's own is not tried while another has one.
      await t.db.updateTable("api_vendors").set({ is_active: 1 }).where("name", "=", "together").execute();
      await t.db
        .updateTable("api_vendors")
        .set({ api_key_encrypted: null })
        .where("name", "=", "together")
        .execute();
      const second = await t.createCompletion(userId, "and now?");
      await expect(run(second.completionId)).resolves.toBe("done");
      expect((await attempts(second.completionId)).map((a) => a.vendor)).not.toContain("together");
    } finally {
      await t.db.updateTable("api_vendors").set({ is_active: 1 }).where("name", "=", "together").execute();
      for (const { id, api_key_encrypted } of saved) {
        await t.db.updateTable("api_vendors").set({ api_key_encrypted }).where("id", "=", id).execute();
      }
    }
  });

  it("stops when asked, keeping the text written so far as a stopped message", async () => {
    const content = `long one ${directive({ tokens: 200, tokenMs: 10 })}`;
    const { completionId } = await t.createCompletion(userId, content);
    await expect(runInterrupted(completionId, new StopRequested())).resolves.toBe("stopped");
    const [message] = await assistantMessages(completionId);
    expect(message?.status).toBe("stopped");
    expect(message?.content.length).toBeGreaterThan(0);
    expect(t.mock.expectedReply("together", content).startsWith(message!.content)).toBe(true);
    const streamed = await t.readStream(completionId);
    expect(streamed.terminal.type).toBe("stopped");
    expect(streamed.text).toBe(message?.content);
  });

  it("continues an interrupted reply from the text already streamed, with nothing lost or repeated", async () => {
    const content = `resume me ${directive({ tokens: 120, tokenMs: 5 })}`;
    const { completionId } = await t.createCompletion(userId, content);
    await expect(runInterrupted(completionId, new ShuttingDown())).rejects.toBeInstanceOf(ShuttingDown);
    expect(await assistantMessages(completionId)).toHaveLength(0);

    await expect(run(completionId)).resolves.toBe("done");
    const expected = t.mock.expectedReply("together", content);
    const streamed = await t.readStream(completionId);
    expect(streamed.text).toBe(expected);
    expect((await assistantMessages(completionId)).map((m) => m.content)).toEqual([expected]);
    const continuation = t.mock.requests("together").at(-1)?.body as {
      messages: { role: string; content: string }[];
    };
    const last = continuation.messages.at(-1);
    expect(last?.role).toBe("assistant");
    expect(expected.startsWith(last!.content) && last!.content.length > 0).toBe(true);
  });
});

/** Resolves once the completion's stream holds its first token entry (XREAD BLOCK). */
async function firstToken(completionId: string) {
  const reader = connectRedis(t.env.redisUrl, { maxRetriesPerRequest: null });
  try {
    await reader.xread("BLOCK", 5_000, "STREAMS", completionStreamKey(completionId), "0-0");
  } finally {
    reader.disconnect();
  }
}
