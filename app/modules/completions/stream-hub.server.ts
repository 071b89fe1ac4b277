/**
 * One blocking XREAD connection per web process serves every open completion stream: a browser tab costs a
 * map entry, not a Redis connection. A stream that joins while the reader is blocked wakes it with
 * CLIENT UNBLOCK, so it starts within a round trip instead of after the block timeout.
 */
import { setTimeout as delay } from "node:timers/promises";
import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "#platform/logger";
import { parseStreamFields, type StreamEntry } from "#worker/jobs";
import { compareStreamIds } from "./stream-ids";

export type EntryListener = (id: string, entry: StreamEntry) => void;

interface Subscription {
  lastId: string;
  listener: EntryListener;
  /** While true, live entries wait in `backlog` until the catch-up read has been delivered. */
  catchingUp: boolean;
  backlog: [string, StreamEntry][];
}

interface TrackedStream {
  cursor: string;
  subscriptions: Set<Subscription>;
}

const BLOCK_MS = 5_000;
const BATCH = 500;

export class StreamHub {
  private readonly reader: Redis;
  private readonly control: Redis;
  private readonly streams = new Map<string, TrackedStream>();
  private readerId: number | null = null;
  private blocked = false;
  private generation = 0;
  private idle: (() => void) | null = null;
  private closed = false;
  private loop: Promise<void> | null = null;

  constructor(
    connection: RedisOptions,
    private readonly logger: Logger,
  ) {
    this.reader = new Redis({ ...connection, maxRetriesPerRequest: null });
    this.control = new Redis({ ...connection, maxRetriesPerRequest: 1 });
    this.reader.on("ready", () => {
      this.reader.client("ID").then(
        (id) => (this.readerId = Number(id)),
        () => (this.readerId = null),
      );
    });
  }

  /** Delivers every entry of `key` after `fromId`, in order, each once. Returns the unsubscribe function. */
  subscribe(key: string, fromId: string, listener: EntryListener): () => void {
    const subscription: Subscription = { lastId: fromId, listener, catchingUp: false, backlog: [] };
    let stream = this.streams.get(key);
    if (!stream) {
      stream = { cursor: fromId, subscriptions: new Set([subscription]) };
      this.streams.set(key, stream);
      this.loop ??= this.run();
      void this.wake();
    } else {
      stream.subscriptions.add(subscription);
      if (compareStreamIds(fromId, stream.cursor) < 0) void this.catchUp(key, subscription, stream.cursor);
    }
    const tracked = stream;
    return () => {
      tracked.subscriptions.delete(subscription);
      if (tracked.subscriptions.size === 0 && this.streams.get(key) === tracked) this.streams.delete(key);
    };
  }

  get openStreams() {
    return this.streams.size;
  }

  async close() {
    this.closed = true;
    this.idle?.();
    this.reader.disconnect();
    this.control.disconnect();
    await this.loop?.catch(() => undefined);
  }

  private async catchUp(key: string, subscription: Subscription, upTo: string) {
    subscription.catchingUp = true;
    try {
      const start = subscription.lastId === "0-0" ? "-" : `(${subscription.lastId}`;
      // Straight to the listener: these precede everything waiting in the backlog.
      for (const [id, fields] of await this.control.xrange(key, start, upTo)) {
        this.emit(subscription, id, parseStreamFields(fields));
      }
    } finally {
      subscription.catchingUp = false;
      for (const [id, entry] of subscription.backlog.splice(0)) this.emit(subscription, id, entry);
    }
  }

  private deliver(subscription: Subscription, id: string, entry: StreamEntry) {
    if (subscription.catchingUp) subscription.backlog.push([id, entry]);
    else this.emit(subscription, id, entry);
  }

  /** Passes an entry on unless the subscriber already has it. */
  private emit(subscription: Subscription, id: string, entry: StreamEntry) {
    if (compareStreamIds(id, subscription.lastId) <= 0) return;
    subscription.lastId = id;
    subscription.listener(id, entry);
  }

  private async run() {
    while (!this.closed) {
      if (this.streams.size === 0) {
        await new Promise<void>((resolve) => (this.idle = resolve));
        this.idle = null;
        continue;
      }
      const keys = [...this.streams.keys()];
      const cursors = keys.map((key) => this.streams.get(key)!.cursor);
      this.blocked = true;
      let reply: [string, [string, string[]][]][] | null;
      try {
        reply = (await this.reader.xread(
          "COUNT",
          BATCH,
          "BLOCK",
          BLOCK_MS,
          "STREAMS",
          ...keys,
          ...cursors,
        )) as typeof reply;
      } catch (error) {
        if (this.closed) return;
        this.logger.error({ err: error }, "stream relay read failed");
        await delay(250);
        continue;
      } finally {
        this.blocked = false;
        this.generation++;
      }
      for (const [key, entries] of reply ?? []) {
        const stream = this.streams.get(key);
        if (!stream) continue;
        for (const [id, fields] of entries) {
          stream.cursor = id;
          const entry = parseStreamFields(fields);
          for (const subscription of stream.subscriptions) this.deliver(subscription, id, entry);
        }
      }
    }
  }

  /** Makes the reader start a new XREAD that includes newly joined streams. */
  private async wake() {
    if (this.idle) {
      this.idle();
      return;
    }
    const generation = this.generation;
    // The UNBLOCK can reach Redis before the XREAD it targets; try again until that read is really blocked.
    for (let tries = 0; tries < 100 && this.generation === generation && !this.closed; tries++) {
      if (
        this.blocked &&
        this.readerId !== null &&
        (await this.control.client("UNBLOCK", this.readerId)) === 1
      )
        return;
      await delay(1);
    }
  }
}
