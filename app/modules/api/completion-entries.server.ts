/**
 * A completion's stream entries as an async iterable, for the developer API: live from the web's shared
 * stream hub (the same Redis stream the chat relays), or, once a finished reply's stream has expired, replayed
 * from the database as one text entry and the terminal entry.
 *
 * A position in the reply is its offset: how many characters (UTF-16 code units) of the reply came before.
 * The Redis stream's ids do not outlive the stream, but an offset means the same in both sources, so a
 * client resuming from one gets exactly the rest of the reply wherever it is read from.
 */
import { completionStreamKey, type StreamEntry } from "#contract/jobs";
import { failureFromRow, isFinished, terminalEntry } from "#contract/lifecycle";
import type { Completion } from "#db/schema";
import { serverContext } from "../server-context.server";

/** An entry and the reply's offset at its end (for a terminal entry, the whole reply's length). */
export type Entry = [offset: number, entry: StreamEntry];

/** A resume offset from Last-Event-ID or `?after=`: a whole number, or 0 (from the start) for anything else. */
export const resumeOffset = (value: string | null): number =>
  value && /^\d{1,15}$/.test(value) ? Number(value) : 0;

/** The reply's entries after `offset`: a token entry that straddles it is cut to the part after it. */
export async function* completionEntries(
  completion: Completion,
  offset: number,
  signal: AbortSignal,
): AsyncGenerator<Entry> {
  let length = 0;
  for await (const entry of replyEntries(completion, signal)) {
    if (entry.type !== "token") {
      yield [length, entry];
      return;
    }
    const start = length;
    length += entry.text.length;
    if (length > offset)
      yield [length, { type: "token", text: entry.text.slice(Math.max(0, offset - start)) }];
  }
}

/** Every entry of the reply from its start, ending with the terminal one (or when `signal` aborts). */
async function* replyEntries(completion: Completion, signal: AbortSignal): AsyncGenerator<StreamEntry> {
  const { db, redis, hub } = serverContext();
  const key = completionStreamKey(completion.id);
  if (isFinished(completion.status) && !(await redis.exists(key))) {
    const message = await db
      .selectFrom("chat_messages")
      .select(["id", "content"])
      .where("completion_id", "=", completion.id)
      .executeTakeFirst();
    if (message?.content) yield { type: "token", text: message.content };
    yield terminalEntry(completion.status, message?.id ?? "", failureFromRow(completion));
    return;
  }
  const pending: StreamEntry[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const unsubscribe = hub.subscribe(
    key,
    "0-0",
    (_id, entry) => {
      pending.push(entry);
      notify();
    },
    // The hub could not read this stream: the caller gets the catalogue's failure, not a hang.
    () => {
      pending.push({ type: "error", code: "internal" });
      notify();
    },
  );
  const onAbort = () => {
    ended = true;
    notify();
  };
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    while (!ended) {
      const next = pending.shift();
      if (!next) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      yield next;
      if (next.type !== "token") return;
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    unsubscribe();
  }
}
