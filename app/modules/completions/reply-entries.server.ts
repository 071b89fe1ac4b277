/**
 * Reading a reply, for every reader of one (the chat's event stream and the developer API): live from the
 * web's shared stream hub, or, once a finished reply's Redis stream has expired, replayed from the database as
 * one text entry and the terminal entry.
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
 * Follows an opened reply: `onEntry` gets each entry after the offset, ending with the terminal one (a stored
 * reply's at once, before this returns). Returns the function that stops following.
 */
export type FollowReply = (onEntry: (entry: Entry) => void) => () => void;

/**
 * Opens the reply for reading after `offset` (a token entry that straddles it is cut to the part after it).
 * Where it is read from is decided before this resolves, so a Redis outage is the caller's 503 before any byte
 * is sent. Callbacks rather than an async iterator: the chat's relay runs this for every token of every reply.
 */
export async function openReply(completion: ReplyCompletion, offset: number): Promise<FollowReply> {
  const key = completionStreamKey(completion.id);
  if (isFinished(completion.status) && !(await (await readyRedis()).exists(key))) {
    const stored = await storedEntries(completion.id, completion.status, failureFromRow(completion));
    return (onEntry) => {
      stored.forEach(afterOffset(offset, onEntry));
      return () => undefined;
    };
  }
  return (onEntry) => {
    const cut = afterOffset(offset, onEntry);
    return serverContext().hub.subscribe(
      key,
      "0-0",
      (_id, entry) => cut(entry),
      // The hub could not read this stream: the reader gets the catalogue's failure, not a hang.
      () => cut({ type: "error", code: "internal" }),
    );
  };
}

/** The reply's entries after `offset` as an async iterable, ending with the terminal one or when `signal` aborts. */
export async function replyEntries(
  completion: ReplyCompletion,
  offset: number,
  signal: AbortSignal,
): Promise<AsyncGenerator<Entry>> {
  return entriesOf(await openReply(completion, offset), signal);
}

/** Passes on the entries after `offset`, each with the reply's offset at its end, up to the terminal one. */
function afterOffset(offset: number, onEntry: (entry: Entry) => void): (entry: StreamEntry) => void {
  let length = 0;
  let ended = false;
  return (entry) => {
    if (ended) return;
    if (entry.type !== "token") {
      ended = true;
      onEntry([length, entry]);
      return;
    }
    const start = length;
    length += entry.text.length;
    if (length > offset)
      onEntry([length, { type: "token", text: entry.text.slice(Math.max(0, offset - start)) }]);
  };
}

async function storedEntries(
  completionId: string,
  status: FinishedStatus,
  failure: Failure,
): Promise<StreamEntry[]> {
  const message = await serverContext()
    .db.selectFrom("chat_messages")
    .select(["id", "content"])
    .where("completion_id", "=", completionId)
    .executeTakeFirst();
  const text: StreamEntry[] = message?.content ? [{ type: "token", text: message.content }] : [];
  return [...text, terminalEntry(status, message?.id ?? "", failure)];
}

async function* entriesOf(follow: FollowReply, signal: AbortSignal): AsyncGenerator<Entry> {
  const pending: Entry[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const stop = follow((entry) => {
    pending.push(entry);
    notify();
  });
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
      if (next[1].type !== "token") return;
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    stop();
  }
}
