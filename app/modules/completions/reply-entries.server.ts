/**
 * A reply's entries as an async iterable, for every reader of a reply (the chat's event stream and the
 * developer API): live from the web's shared stream hub, or, once a finished reply's Redis stream has
 * expired, replayed from the database as one text entry and the terminal entry.
 *
 * A position in the reply is its offset: how many characters (UTF-16 code units) of the reply came before.
 * The Redis stream's ids do not outlive the stream, but an offset means the same in both sources, so a
 * client resuming from one gets exactly the rest of the reply wherever it is read from.
 */
import { completionStreamKey, type Failure, type StreamEntry } from "#contract/jobs";
import {
  failureFromRow,
  isFinished,
  terminalEntry,
  type CompletionStatus,
  type FinishedStatus,
  type StoredFailure,
} from "#contract/lifecycle";
import { readyRedis, serverContext } from "../server-context.server";

/** An entry and the reply's offset at its end (for a terminal entry, the whole reply's length). */
export type Entry = [offset: number, entry: StreamEntry];

/** What reading a reply needs of its completion row. */
export type ReplyCompletion = { id: string; status: CompletionStatus } & StoredFailure;

/**
 * The reply's entries after `offset` (a token entry that straddles it is cut to the part after it). Where it
 * is read from is decided before this resolves, so a Redis outage is the caller's 503 before any byte is sent.
 */
export async function replyEntries(
  completion: ReplyCompletion,
  offset: number,
  signal: AbortSignal,
): Promise<AsyncGenerator<Entry>> {
  const key = completionStreamKey(completion.id);
  if (isFinished(completion.status) && !(await (await readyRedis()).exists(key)))
    return afterOffset(storedEntries(completion.id, completion.status, failureFromRow(completion)), offset);
  return afterOffset(liveEntries(key, signal), offset);
}

async function* afterOffset(entries: AsyncIterable<StreamEntry>, offset: number): AsyncGenerator<Entry> {
  let length = 0;
  for await (const entry of entries) {
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

async function* storedEntries(
  completionId: string,
  status: FinishedStatus,
  failure: Failure,
): AsyncGenerator<StreamEntry> {
  const message = await serverContext()
    .db.selectFrom("chat_messages")
    .select(["id", "content"])
    .where("completion_id", "=", completionId)
    .executeTakeFirst();
  if (message?.content) yield { type: "token", text: message.content };
  yield terminalEntry(status, message?.id ?? "", failure);
}

/** Every entry of the stream from its start, ending with the terminal one (or when `signal` aborts). */
async function* liveEntries(key: string, signal: AbortSignal): AsyncGenerator<StreamEntry> {
  const pending: StreamEntry[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const unsubscribe = serverContext().hub.subscribe(
    key,
    "0-0",
    (_id, entry) => {
      pending.push(entry);
      notify();
    },
    // The hub could not read this stream: the reader gets the catalogue's failure, not a hang.
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
