import type { RedisClient } from "#platform/redis";
import {
  STREAM_TTL_SECONDS,
  completionOwnerKey,
  completionStreamKey,
  isTerminalEntry,
  parseStreamFields,
  streamFields,
  type StreamEntry,
} from "#contract/jobs";

/** How long token chunks are gathered into one stream entry after the first, which is sent at once. */
export const COALESCE_MS = 16;

/**
 * XADD only while this run owns the completion (KEYS[2] holds the owner's token); ARGV: token, ttl (0: none),
 * then the entry's fields. A job whose lock lapsed under load can be run again while the first run is still
 * going: the newer run takes ownership, and the older one's writes are refused instead of interleaving.
 */
const FENCED_XADD = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return redis.error_reply('SUPERSEDED') end
local id = redis.call('XADD', KEYS[1], '*', unpack(ARGV, 3))
if tonumber(ARGV[2]) > 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
return id`;

/** Another run of the same completion took it over; this one must stop without storing anything. */
export class RunSuperseded extends Error {
  constructor() {
    super("Another run took this completion over");
    this.name = "RunSuperseded";
  }
}

type FencedRedis = RedisClient & {
  fencedXadd(stream: string, owner: string, token: string, ttl: number, ...fields: string[]): Promise<string>;
};

function withFencedXadd(redis: RedisClient): FencedRedis {
  if (!("fencedXadd" in redis)) redis.defineCommand("fencedXadd", { numberOfKeys: 2, lua: FENCED_XADD });
  return redis as FencedRedis;
}

/** Makes this run the completion's owner; from now on earlier runs' writes are refused. */
export async function claimCompletion(redis: RedisClient, completionId: string, token: string) {
  await redis.set(completionOwnerKey(completionId), token, "EX", 24 * 3600);
}

/** What an earlier run of the same completion already wrote to its stream. */
export async function readStreamed(redis: RedisClient, completionId: string) {
  const entries = await redis.xrange(completionStreamKey(completionId), "-", "+");
  let text = "";
  let terminal: StreamEntry | null = null;
  for (const [, fields] of entries) {
    const entry = parseStreamFields(fields);
    if (entry.type === "token") text += entry.text;
    else if (isTerminalEntry(entry)) terminal = entry;
  }
  return { text, terminal };
}

/**
 * Appends a reply's text to its Redis Stream. Chunks arriving within COALESCE_MS of the last write are joined
 * into one entry, which keeps Redis and the SSE relay cheap without delaying the first token. At most one
 * append is under way at a time: what arrives meanwhile waits for it anyway, so it goes out as one entry when
 * that append ends, and a worker or Redis that falls behind writes larger batches instead of more of them.
 */
export class TokenStreamWriter {
  private pending = "";
  private timer: NodeJS.Timeout | undefined;
  private lastWrite = 0;
  private inFlight: Promise<void> | undefined;
  private failure: unknown;
  private readonly redis: FencedRedis;
  private readonly key: string;
  private readonly ownerKey: string;

  constructor(
    redis: RedisClient,
    completionId: string,
    private readonly token: string,
  ) {
    this.redis = withFencedXadd(redis);
    this.key = completionStreamKey(completionId);
    this.ownerKey = completionOwnerKey(completionId);
  }

  /** True once a write was refused because another run owns the completion now. */
  get superseded(): boolean {
    return this.failure instanceof RunSuperseded;
  }

  push(text: string): void {
    this.pending += text;
    this.schedule();
  }

  /** Waits until everything pushed so far is in Redis. */
  async drain(): Promise<void> {
    for (;;) {
      this.flush();
      if (!this.inFlight) break;
      await this.inFlight;
    }
    if (this.failure) throw this.failure;
  }

  /** Writes the terminal entry and starts the stream's expiry clock. */
  async finish(entry: StreamEntry): Promise<void> {
    await this.drain();
    await this.append(entry, STREAM_TTL_SECONDS);
  }

  private append(entry: StreamEntry, ttl: number) {
    return this.appendFields(streamFields(entry), ttl);
  }

  private appendFields(fields: string[], ttl: number) {
    return this.redis
      .fencedXadd(this.key, this.ownerKey, this.token, ttl, ...fields)
      .catch((error: unknown) => {
        throw error instanceof Error && error.message.includes("SUPERSEDED") ? new RunSuperseded() : error;
      });
  }

  private schedule(): void {
    if (this.timer || this.inFlight) return;
    const wait = this.lastWrite + COALESCE_MS - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Starts the append of everything pending, unless one is under way (it schedules the rest when it ends). */
  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    // After a failed write nothing more is written: a later entry would leave a gap in the reply.
    if (!this.pending || this.inFlight || this.failure) return;
    // The fields of a token entry written out: streamFields' generic flattening showed in the per-token profile.
    const fields = ["type", "token", "text", this.pending];
    this.pending = "";
    this.lastWrite = Date.now();
    this.inFlight = this.appendFields(fields, 0).then(
      () => {
        this.inFlight = undefined;
        if (this.pending) this.schedule();
      },
      (error: unknown) => {
        this.inFlight = undefined;
        this.failure ??= error;
      },
    );
  }
}
