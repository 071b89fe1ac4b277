/** The web's shared stream reader: order, resume points, late joiners, and waking for new streams. */
import { createServer, connect, type AddressInfo, type Server, type Socket } from "node:net";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { StreamHub } from "~/modules/completions/stream-hub.server";
import { sseEvent } from "~/modules/completions/relay.server";
import { failureMessage } from "~/modules/texts/catalogue";
import { logContext, withLogContext } from "#platform/log-context";
import { createLogger, type Logger } from "#platform/logger";
import { withRequestLanguage } from "~/modules/i18n/request-language.server";
// Every language, as the web loads them at start (entry.server.tsx).
import "~/modules/i18n/resources.server";
import { completionStreamKey, streamFields, type StreamEntry } from "#contract/jobs";
import { redisConnectionOptions } from "#platform/redis";

const redisUrl = process.env.REDIS_URL!;
const connection = redisConnectionOptions(redisUrl);
let redis: Redis;
let hub: StreamHub;

beforeAll(() => {
  redis = new Redis(connection);
  hub = new StreamHub(redisUrl, createLogger("test", "silent"));
});
afterAll(async () => {
  await hub.close();
  redis.disconnect();
});

const key = () => completionStreamKey(`hub-test-${crypto.randomUUID()}`);
const add = (k: string, entry: StreamEntry) => redis.xadd(k, "*", ...streamFields(entry)) as Promise<string>;
const token = (text: string): StreamEntry => ({ type: "token", text });

/** Collects entries until the terminal one, resolving with the texts and ids seen. */
function collect(k: string, from: string) {
  const ids: string[] = [];
  const texts: string[] = [];
  let unsubscribe = () => {};
  const finished = new Promise<void>((resolve) => {
    unsubscribe = hub.subscribe(k, from, (id, entry) => {
      ids.push(id);
      texts.push(entry.type === "token" ? entry.text : `<${entry.type}>`);
      if (entry.type !== "token") resolve();
    });
  });
  return { ids, texts, finished: finished.then(() => unsubscribe()) };
}

describe("the stream hub", () => {
  it("delivers a stream's entries in order, each once, ending with the terminal entry", async () => {
    const k = key();
    const reader = collect(k, "0-0");
    for (const text of ["a", "b", "c"]) await add(k, token(text));
    await add(k, { type: "done", messageId: "m1" });
    await reader.finished;
    expect(reader.texts).toEqual(["a", "b", "c", "<done>"]);
  });

  it("resumes after a given entry id, as a reconnecting browser asks with Last-Event-ID", async () => {
    const k = key();
    const first = await add(k, token("one"));
    await add(k, token("two"));
    await add(k, { type: "done", messageId: "m" });
    const reader = collect(k, first);
    await reader.finished;
    expect(reader.texts).toEqual(["two", "<done>"]);
  });

  it("gives a late subscriber the entries it missed before the live ones, with no gap or repeat", async () => {
    const k = key();
    const early = collect(k, "0-0");
    for (let i = 0; i < 50; i++) await add(k, token(`e${i}`));
    const late = collect(k, "0-0");
    for (let i = 0; i < 50; i++) await add(k, token(`l${i}`));
    await add(k, { type: "done", messageId: "m" });
    await Promise.all([early.finished, late.finished]);
    expect(late.texts).toEqual(early.texts);
    expect(new Set(late.ids).size).toBe(late.ids.length);
  });

  it("serves many streams at once on one reader", async () => {
    const keys = Array.from({ length: 20 }, key);
    const readers = keys.map((k) => collect(k, "0-0"));
    await Promise.all(
      keys.map(async (k, i) => {
        await add(k, token(`s${i}`));
        await add(k, { type: "done", messageId: `m${i}` });
      }),
    );
    await Promise.all(readers.map((r) => r.finished));
    readers.forEach((reader, i) => expect(reader.texts).toEqual([`s${i}`, "<done>"]));
  });

  it("picks up a stream that joins while the reader is blocked, well before the block timeout", async () => {
    const idle = collect(key(), "0-0");
    const k = key();
    const reader = collect(k, "0-0");
    const started = Date.now();
    await add(k, { type: "done", messageId: "m" });
    await reader.finished;
    expect(Date.now() - started).toBeLessThan(1_000);
    idle.finished.catch(() => undefined);
  });

  it("resumes exactly from an earlier id when a browser reconnects while the stream is being written", async () => {
    // A browser that drops a stream has read less than the hub already sent, so it comes back with an older
    // Last-Event-ID while the shared read is out with the newer cursor: nothing between the two may be lost.
    const k = key();
    const total = 600;
    const received: Array<{ id: string; text: string }> = [];
    let reconnects = 0;
    const finished = new Promise<void>((resolve) => {
      const follow = (from: string) => {
        let unsubscribe = () => {};
        let seenHere = 0;
        let leaving = false;
        unsubscribe = hub.subscribe(k, from, (id, entry) => {
          // What reaches a connection the browser has dropped is never read.
          if (leaving) return;
          if (entry.type !== "token") {
            unsubscribe();
            resolve();
            return;
          }
          received.push({ id, text: entry.text });
          seenHere += 1;
          if (seenHere === 25) {
            leaving = true;
            // The browser had taken in all but the last five: it resumes after that one, a moment later.
            const resumeFrom = received[received.length - 6]!.id;
            setImmediate(() => {
              unsubscribe();
              received.splice(received.length - 5);
              reconnects += 1;
              follow(resumeFrom);
            });
          }
        });
      };
      follow("0-0");
    });
    for (let i = 0; i < total; i++) await add(k, token(`t${i}`));
    await add(k, { type: "done", messageId: "m" });
    await finished;
    expect(reconnects).toBeGreaterThan(5);
    expect(received.map((entry) => entry.text)).toEqual(Array.from({ length: total }, (_, i) => `t${i}`));
  });

  it("runs each subscriber's listener in its own request's context: its language and its ids", async () => {
    // A hub of its own, whose shared read the first subscriber's request starts.
    const own = new StreamHub(redisUrl, createLogger("test", "silent"));
    try {
      const first = key();
      const unsubscribeFirst = withLogContext({ requestId: "first" }, () =>
        withRequestLanguage("en", () => own.subscribe(first, "0-0", () => {})),
      );
      await add(first, token("started"));
      const second = key();
      const heard = new Promise<{ requestId?: string; event: string }>((resolve) => {
        withLogContext({ requestId: "second" }, () =>
          withRequestLanguage("de", () =>
            own.subscribe(second, "0-0", (id, entry) =>
              resolve({ requestId: logContext()?.requestId, event: sseEvent(id, entry) }),
            ),
          ),
        );
      });
      const failure: StreamEntry = { type: "error", code: "http", status: 502 };
      await add(second, failure);
      const { requestId, event } = await heard;
      expect(requestId).toBe("second");
      const german = withRequestLanguage("de", () => failureMessage(failure));
      expect(german).not.toBe(withRequestLanguage("en", () => failureMessage(failure)));
      expect(event).toContain(JSON.stringify(german));
      unsubscribeFirst();
    } finally {
      await own.close();
    }
  });

  it("stops delivering to a subscriber that left", async () => {
    const k = key();
    const seen: string[] = [];
    const unsubscribe = hub.subscribe(k, "0-0", (_id, entry) => seen.push(entry.type));
    unsubscribe();
    const other = collect(k, "0-0");
    await add(k, { type: "done", messageId: "m" });
    await other.finished;
    expect(seen).toEqual([]);
  });
});

describe("the stream hub under bad input", () => {
  it("keeps serving other streams when one subscriber resumes from an id outside Redis's range", async () => {
    const bad = key();
    await add(bad, token("x"));
    const hostile = collect(bad, "99999999999999999999-0");
    const k = key();
    const reader = collect(k, "0-0");
    await add(k, token("fine"));
    await add(k, { type: "done", messageId: "m" });
    await add(bad, { type: "done", messageId: "m" });
    await Promise.all([reader.finished, hostile.finished]);
    expect(reader.texts).toEqual(["fine", "<done>"]);
    expect(hostile.texts).toEqual(["x", "<done>"]);
  });

  it("drops a key Redis cannot read as a stream, telling its subscriber, and keeps serving the rest", async () => {
    const wrongType = key();
    await redis.set(wrongType, "not a stream");
    const failed = new Promise<unknown>((resolve) => hub.subscribe(wrongType, "0-0", () => {}, resolve));
    const k = key();
    const reader = collect(k, "0-0");
    await add(k, token("still here"));
    await add(k, { type: "done", messageId: "m" });
    await reader.finished;
    expect(reader.texts).toEqual(["still here", "<done>"]);
    expect(String(await failed)).toContain("WRONGTYPE");
  });

  it("survives a Redis outage while a stream opens, and serves it once Redis is back", async () => {
    const { path: socketPath, ...tcp } = connection as typeof connection & { path?: string };
    const proxy = await startProxy(
      socketPath ? { path: socketPath } : { host: "127.0.0.1", port: Number(tcp.port) },
    );
    const logged: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(line) }) as Logger;
    const flaky = new StreamHub(`redis://127.0.0.1:${proxy.port}`, logger, { retryStrategy: () => 50 });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const first = key();
      const firstReader = new Promise<void>((resolve) => flaky.subscribe(first, "0-0", () => resolve()));
      await add(first, token("before"));
      await firstReader;
      await proxy.stop();
      const k = key();
      const texts: string[] = [];
      const finished = new Promise<void>((resolve) =>
        flaky.subscribe(k, "0-0", (_id, entry) => {
          texts.push(entry.type === "token" ? entry.text : `<${entry.type}>`);
          if (entry.type !== "token") resolve();
        }),
      );
      await add(k, token("during"));
      await add(k, { type: "done", messageId: "m" });
      // The new stream's wake-up call fails while Redis is away (so may the one before it, if still under way):
      // each is either logged, or escapes.
      await vi.waitFor(
        () =>
          expect(rejections.length + logged.filter((l) => l.includes("wake failed")).length).toBeGreaterThan(
            0,
          ),
        { timeout: 10_000, interval: 50 },
      );
      expect(rejections).toEqual([]);
      await proxy.start();
      await finished;
      expect(texts).toEqual(["during", "<done>"]);
    } finally {
      process.off("unhandledRejection", onRejection);
      await flaky.close();
      await proxy.stop();
    }
  });
});

/** A TCP relay to Redis that can be cut and restored on the same port, to stage an outage. */
async function startProxy(target: { path: string } | { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => socket.destroy());
          socket.on("close", () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop,
  };
}
