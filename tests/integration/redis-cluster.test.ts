/**
 * The product on a Redis Cluster (REDIS_URL=redis+cluster://…): a local 3-master cluster on loopback ports,
 * started here and removed after. Replies sent through the web's send path are queued (BullMQ keys under
 * one hash tag), run by a worker, and relayed through the web's stream hub to event-stream clients, each
 * token exactly once; live events, the stop signal and the rate limiters work on the cluster too. Skipped
 * only where redis-server is not installed.
 */
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { completionStopKey, completionStreamKey } from "#contract/jobs";
import type { startWorker } from "#worker/index";
import { clusterUnavailable, startTestCluster, type TestCluster } from "../support/redis-cluster";
import { sessionUser, storedReplies } from "../support/rows";
import { offsetIds, parseEventStream, tokenText } from "../support/sse";
import { createTestEnv, directive, type TestEnv } from "../support/test-env";

const unavailable = clusterUnavailable();

/** Reads an event stream to its end (the relay closes it after the terminal event). */
async function readEvents(response: Response) {
  const events = parseEventStream(await response.text());
  return { events, text: tokenText(events) };
}

describe.skipIf(unavailable)(
  unavailable ? `Redis Cluster (skipped: ${unavailable})` : "Redis Cluster (3 masters on loopback)",
  () => {
    let cluster: TestCluster;
    let t: TestEnv;
    let worker: Awaited<ReturnType<typeof startWorker>>;
    const runRedis = process.env.REDIS_URL;

    beforeAll(async () => {
      cluster = await startTestCluster();
      process.env.REDIS_URL = cluster.url;
      t = await createTestEnv();
      worker = await (await import("#worker/index")).startWorker({ concurrency: 4 });
    }, 60_000);
    afterAll(async () => {
      await worker?.close();
      await t?.close();
      await cluster?.stop();
      process.env.REDIS_URL = runRedis;
    });

    it("queues under the QUEUE_PREFIX hash tag", () => {
      expect(t.env.queuePrefix).toMatch(/^\{it-[0-9a-f]+\}$/);
    });

    it("relays replies sent through the web to event-stream clients, each token exactly once", async () => {
      const { sendMessage } = await import("~/modules/completions/completions.server");
      const { completionEventStream } = await import("~/modules/completions/relay.server");
      const session = await sessionUser(t.db, { plan: "professional" });
      const contents = [0, 1, 2].map((i) => `cluster reply ${i} ${directive({ tokens: 40, tokenMs: 15 })}`);
      const sent = await Promise.all(
        contents.map((content) => sendMessage(session, { content, requestId: uuidv7() }, null)),
      );
      // Opened while the replies stream: the hub's one XREAD serves all three from the cluster.
      const relayed = await Promise.all(
        sent.map(async ({ completionId }) =>
          readEvents(
            await completionEventStream(session.user.id, completionId, {
              signal: new AbortController().signal,
            }),
          ),
        ),
      );
      for (const [i, reply] of relayed.entries()) {
        expect(reply.events.at(-1)?.event).toBe("done");
        expect(reply.events.filter((e) => e.event !== "token")).toHaveLength(1);
        expect(reply.text).toBe(t.mock.expectedReply("together", contents[i]!));
        expect(reply.events.map((e) => e.id)).toEqual(offsetIds(reply.events));
        expect(reply.events.length).toBeGreaterThan(2);
      }
      const stored = await storedReplies(
        t.db,
        sent.map((s) => s.completionId),
      );
      expect(stored).toHaveLength(3);
      for (const [i, { completionId }] of sent.entries()) {
        expect(stored.find((row) => row.completion_id === completionId)?.content).toBe(relayed[i]!.text);
      }
    }, 60_000);

    it("carries live events, stop requests and rate limits on the cluster", { timeout: 60_000 }, async () => {
      const { onRealtimeEvent } = await import("~/modules/realtime/subscriber.server");
      const { publishEvent } = await import("~/modules/realtime/publish.server");
      const { requestStops } = await import("~/modules/completions/stop.server");
      const { takeSignup } = await import("~/modules/auth/rate-limit.server");
      const { serverContext } = await import("~/modules/server-context.server");

      const received = new Promise((resolve) => onRealtimeEvent(resolve));
      // The subscription is made on first use; announce until this page's subscriber hears one.
      const announcing = setInterval(() => {
        publishEvent(serverContext().redis, { type: "models-updated" }).catch(() => undefined);
      }, 50);
      try {
        expect(await received).toEqual({ type: "models-updated" });
      } finally {
        clearInterval(announcing);
      }

      // A stop reaches the worker running the reply over the cluster's pub/sub: the reply ends `stopped`.
      const { sendMessage } = await import("~/modules/completions/completions.server");
      const { completionEventStream } = await import("~/modules/completions/relay.server");
      const session = await sessionUser(t.db, { plan: "professional" });
      const content = `a long reply ${directive({ tokens: 400, tokenMs: 20 })}`;
      const { completionId } = await sendMessage(session, { content, requestId: uuidv7() }, null);
      await vi.waitFor(
        async () => expect(await t.redis.xlen(completionStreamKey(completionId))).toBeGreaterThan(2),
        {
          timeout: 15_000,
          interval: 50,
        },
      );
      await requestStops(serverContext().redis, [completionId]);
      expect(await t.redis.exists(completionStopKey(completionId))).toBe(1);
      const reply = await readEvents(
        await completionEventStream(session.user.id, completionId, { signal: new AbortController().signal }),
      );
      expect(reply.events.at(-1)?.event).toBe("stopped");
      expect(reply.text.length).toBeLessThan(t.mock.expectedReply("together", content).length);

      expect(await takeSignup("203.0.113.7")).toBe(true);
    });
  },
);
