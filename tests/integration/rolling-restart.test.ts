/**
 * A rolling restart at a small size: while replies stream, each worker is stopped (SIGTERM's path: finish for
 * a moment, hand the rest back) and replaced, one at a time, and the web's stream reader is replaced too, its
 * readers resuming from their last event id as browsers do. Every reply ends done, exactly once, with exactly
 * the text the vendor sent, and no reader sees an entry twice or misses one.
 */
import { expect, it } from "vitest";
import { StreamHub } from "~/modules/completions/stream-hub.server";
import { createLogger } from "#platform/logger";
import { startWorker } from "#worker/index";
import { completionStreamKey, type StreamEntry } from "#contract/jobs";
import { storedReplies } from "../support/rows";
import { directive, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();

interface Reader {
  completionId: string;
  expected: string;
  text: string;
  lastId: string;
  ids: string[];
  terminal: StreamEntry | null;
  unsubscribe: () => void;
}

function follow(hub: StreamHub, reader: Reader) {
  reader.unsubscribe = hub.subscribe(completionStreamKey(reader.completionId), reader.lastId, (id, entry) => {
    reader.ids.push(id);
    reader.lastId = id;
    if (entry.type === "token") reader.text += entry.text;
    else reader.terminal = entry;
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it(
  "loses nothing when every worker and then the web's stream reader restart one at a time",
  { timeout: 90_000 },
  async () => {
    const logger = createLogger("test", "silent");
    const workers = [await startWorker({ concurrency: 20 }), await startWorker({ concurrency: 20 })];
    let hub = new StreamHub(t.env.redisUrl, logger);
    const userId = await t.createUser();
    const readers: Reader[] = [];
    for (let i = 0; i < 12; i++) {
      // Longer than a worker's 5 s shutdown grace, so a restart hands replies over mid-stream.
      const content = `rolling ${i} ${directive({ tokens: 90, tokenMs: 70 })}`;
      const { completionId } = await t.createCompletion(userId, content);
      const reader: Reader = {
        completionId,
        expected: t.mock.expectedReply("together", content),
        text: "",
        lastId: "0-0",
        ids: [],
        terminal: null,
        unsubscribe: () => undefined,
      };
      follow(hub, reader);
      readers.push(reader);
      await t.enqueue(completionId);
    }
    try {
      await until(() => readers.every((r) => r.ids.length >= 3), "every reply to start");
      for (let i = 0; i < workers.length; i++) {
        await workers[i]!.close();
        workers[i] = await startWorker({ concurrency: 20 });
      }
      await until(
        () => readers.every((r) => r.ids.length >= 20 || r.terminal),
        "replies to go on after the workers' restart",
      );
      for (const reader of readers) reader.unsubscribe();
      await hub.close();
      hub = new StreamHub(t.env.redisUrl, logger);
      for (const reader of readers) follow(hub, reader);

      await until(() => readers.every((r) => r.terminal), "every reply to end", 60_000);
      for (const reader of readers) {
        expect(reader.terminal?.type).toBe("done");
        expect(reader.text).toBe(reader.expected);
        expect(new Set(reader.ids).size).toBe(reader.ids.length);
      }
      const stored = await storedReplies(
        t.db,
        readers.map((r) => r.completionId),
      );
      expect(stored).toHaveLength(readers.length);
      // The restarts really handed replies over mid-stream: the next worker asked the vendor to continue them.
      const continued = t.mock
        .requests("together")
        .filter(
          (request) =>
            (request.body as { messages: { role: string }[] }).messages.at(-1)?.role === "assistant",
        );
      expect(continued.length).toBeGreaterThan(0);
      for (const reader of readers)
        expect(stored.find((row) => row.completion_id === reader.completionId)?.content).toBe(
          reader.expected,
        );
    } finally {
      await hub.close();
      await Promise.all(workers.map((worker) => worker.close()));
    }
  },
);
