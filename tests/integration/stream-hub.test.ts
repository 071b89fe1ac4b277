/** The web's shared stream reader: order, resume points, late joiners, and waking for new streams. */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StreamHub } from "~/modules/completions/stream-hub.server";
import { createLogger } from "#platform/logger";
import { redisConnectionOptions, streamFields, type StreamEntry } from "#worker/jobs";

const connection = redisConnectionOptions(process.env.REDIS_URL!);
let redis: Redis;
let hub: StreamHub;

beforeAll(() => {
  redis = new Redis(connection);
  hub = new StreamHub(connection, createLogger("test", "silent"));
});
afterAll(async () => {
  await hub.close();
  redis.disconnect();
});

const key = () => `completion:hub-test-${crypto.randomUUID()}`;
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
