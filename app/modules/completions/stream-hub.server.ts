/**
 * One blocking XREAD connection per web process serves every open completion stream: a browser tab costs a
 * map entry, not a Redis connection. A stream that joins while the reader is blocked wakes it with an entry
 * on the hub's own wake stream, which every read includes, so it starts within a round trip instead of after
 * the block timeout. The wake stream shares the completion streams' hash tag: in a Redis Cluster the one
 * multi-key XREAD needs all its keys in one slot, and the wake-up reaches whichever node holds it (a
 * CLIENT UNBLOCK would have to find the reader's node and connection id).
 */
import { AsyncResource } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { ReplyError, type RedisOptions } from "ioredis";
import { outsideLogContext } from "#platform/log-context";
import type { Logger } from "#platform/logger";
import { connectRedis, type RedisClient } from "#platform/redis";
import { completionHubWakeKey, parseStreamFields, type StreamEntry } from "#contract/jobs";
import { compareStreamIds, isStreamId } from "./stream-ids";

export type EntryListener = (id: string, entry: StreamEntry) => void;
/** Called once when the hub gives up on a subscription (its key cannot be read); no entries follow. */
export type FailureListener = (error: unknown) => void;

interface Subscription {
  lastId: string;
  listener: EntryListener;
  onFailure: FailureListener;
  /** The subscriber's request context, in which its callbacks run. */
  scope: AsyncResource;
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
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;
/** A web process's wake stream outlives the process by at most this long. */
const WAKE_TTL_SECONDS = 3600;

const fail = (subscription: Subscription, error: unknown) =>
  subscription.scope.runInAsyncScope(subscription.onFailure, undefined, error);

export class StreamHub {
  private readonly reader: RedisClient;
  private readonly control: RedisClient;
  private readonly streams = new Map<string, TrackedStream>();
  private readonly wakeKey = completionHubWakeKey(randomUUID());
  private wakeCursor = "0-0";
  /** A wake-up was sent since the reader last chose its keys: the next read returns at once anyway. */
  private wakeSent = false;
  private idle: (() => void) | null = null;
  private closed = false;
  private loop: Promise<void> | null = null;
  private retryMs = RETRY_MIN_MS;

  /** `options` add to the connections' own (a test's reconnect policy). */
  constructor(
    redisUrl: string,
    private readonly logger: Logger,
    options: RedisOptions = {},
  ) {
    this.reader = connectRedis(redisUrl, { ...options, maxRetriesPerRequest: null });
    this.control = connectRedis(redisUrl, { ...options, maxRetriesPerRequest: 1 });
    // ioredis reconnects by itself; without a listener each failed attempt would be printed as unhandled.
    for (const connection of [this.reader, this.control]) {
      connection.on("error", (error: unknown) =>
        this.logger.debug({ err: error }, "stream relay connection error"),
      );
    }
  }

  /**
   * Delivers every entry of `key` after `fromId`, in order, each once. Returns the unsubscribe function.
   * An id Redis would reject reads from the start: one subscriber must never break the shared read.
   */
  subscribe(
    key: string,
    fromId: string,
    listener: EntryListener,
    onFailure: FailureListener = () => {},
  ): () => void {
    const from = isStreamId(fromId) ? fromId : "0-0";
    // The shared read delivers in the context of whichever request started it; each subscriber's callbacks run
    // in its own request's, so what they write (a failure's message, in the request's language) and log (its
    // request and completion ids) is that request's. One resource per subscription: `AsyncResource.bind` costs
    // ~9 µs a call on Node 20.
    const subscription: Subscription = {
      lastId: from,
      listener,
      onFailure,
      scope: new AsyncResource("StreamHubSubscription"),
      catchingUp: false,
      backlog: [],
    };
    let stream = this.streams.get(key);
    if (!stream) {
      stream = { cursor: from, subscriptions: new Set([subscription]) };
      this.streams.set(key, stream);
      this.loop ??= outsideLogContext(() =>
        this.run().catch((error: unknown) => this.logger.error({ err: error }, "stream relay stopped")),
      );
      this.wake().catch((error: unknown) => this.logger.warn({ err: error }, "stream relay wake failed"));
    } else {
      stream.subscriptions.add(subscription);
      if (compareStreamIds(from, stream.cursor) < 0) {
        const tracked = stream;
        this.catchUp(key, subscription, stream.cursor).catch((error: unknown) => {
          this.logger.warn({ err: error, key }, "stream catch-up failed");
          tracked.subscriptions.delete(subscription);
          if (tracked.subscriptions.size === 0 && this.streams.get(key) === tracked) this.streams.delete(key);
          fail(subscription, error);
        });
      }
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
    subscription.scope.runInAsyncScope(subscription.listener, undefined, id, entry);
  }

  private async run() {
    while (!this.closed) {
      if (this.streams.size === 0) {
        await new Promise<void>((resolve) => (this.idle = resolve));
        this.idle = null;
        continue;
      }
      // Cleared before the keys are chosen: a stream that joins after this either is among them or wakes
      // the read below (whose wake cursor predates its wake-up).
      this.wakeSent = false;
      const keys = [...this.streams.keys()];
      const readFor = new Map(this.streams);
      const cursors = keys.map((key) => readFor.get(key)!.cursor);
      let reply: [string, [string, string[]][]][] | null;
      try {
        reply = (await this.reader.xread(
          "COUNT",
          BATCH,
          "BLOCK",
          BLOCK_MS,
          "STREAMS",
          this.wakeKey,
          ...keys,
          this.wakeCursor,
          ...cursors,
        )) as typeof reply;
      } catch (error) {
        if (this.closed) return;
        this.logger.error({ err: error }, "stream relay read failed");
        // A key that cannot be read is dropped at once; only a failure no single key explains (Redis down)
        // waits, with a growing pause, before the shared read is tried again.
        if ((await this.dropUnreadable(keys, cursors)) === 0) {
          await delay(this.retryMs);
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
        }
        continue;
      }
      this.retryMs = RETRY_MIN_MS;
      for (const [key, entries] of reply ?? []) {
        if (key === this.wakeKey) {
          this.wakeCursor = entries.at(-1)?.[0] ?? this.wakeCursor;
          continue;
        }
        // Only for the subscriptions this read was made for: a key left and joined again meanwhile (a browser
        // reconnecting with an older Last-Event-ID) has a new cursor, and entries read after the old one
        // would skip what lies between the two. The next read serves it from its own cursor.
        const stream = readFor.get(key);
        if (!stream || this.streams.get(key) !== stream) continue;
        for (const [id, fields] of entries) {
          stream.cursor = id;
          const entry = parseStreamFields(fields);
          for (const subscription of stream.subscriptions) this.deliver(subscription, id, entry);
        }
      }
    }
  }

  /**
   * Reads each key alone, without blocking, and drops every key Redis refuses (a wrong type, an id out of
   * range), telling its subscribers. Connection errors drop nothing. Returns how many keys were dropped.
   */
  private async dropUnreadable(keys: string[], cursors: string[]): Promise<number> {
    let dropped = 0;
    for (const [i, key] of keys.entries()) {
      const error = await this.control.xread("COUNT", 1, "STREAMS", key, cursors[i]!).then(
        () => null,
        (failure: unknown) => failure,
      );
      if (!(error instanceof ReplyError)) continue;
      const stream = this.streams.get(key);
      if (!stream) continue;
      this.streams.delete(key);
      dropped++;
      this.logger.warn({ err: error, key }, "stream relay dropped an unreadable stream");
      for (const subscription of stream.subscriptions) fail(subscription, error);
    }
    return dropped;
  }

  /** Makes the reader start a new XREAD that includes newly joined streams. */
  private async wake() {
    if (this.idle) {
      this.idle();
      return;
    }
    if (this.wakeSent) return;
    this.wakeSent = true;
    try {
      await this.control
        .multi()
        .xadd(this.wakeKey, "MAXLEN", "~", "100", "*", "wake", "1")
        .expire(this.wakeKey, WAKE_TTL_SECONDS)
        .exec();
    } catch (error) {
      this.wakeSent = false;
      throw error;
    }
  }
}
