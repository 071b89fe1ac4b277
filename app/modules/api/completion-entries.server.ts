/**
 * A completion's stream entries as an async iterable, for the developer API: live from the web's shared
 * stream hub (the same Redis stream the chat relays), or, once a finished reply's stream has expired, replayed
 * from the database as one text entry and the terminal entry.
 */
import { completionStreamKey, type StreamEntry } from "#contract/jobs";
import { failureFromRow, isFinished, terminalEntry } from "#contract/lifecycle";
import type { Completion } from "#db/schema";
import { compareStreamIds } from "../completions/stream-ids";
import { serverContext } from "../server-context.server";

export type Entry = [id: string, entry: StreamEntry];

export async function* completionEntries(
  completion: Completion,
  from: string,
  signal: AbortSignal,
): AsyncGenerator<Entry> {
  const { db, redis, hub } = serverContext();
  const key = completionStreamKey(completion.id);
  if (isFinished(completion.status) && !(await redis.exists(key))) {
    const message = await db
      .selectFrom("chat_messages")
      .select(["id", "content"])
      .where("completion_id", "=", completion.id)
      .executeTakeFirst();
    if (message?.content && compareStreamIds(from, "0-1") < 0)
      yield ["0-1", { type: "token", text: message.content }];
    yield ["0-2", terminalEntry(completion.status, message?.id ?? "", failureFromRow(completion))];
    return;
  }
  const pending: Entry[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const unsubscribe = hub.subscribe(
    key,
    from,
    (id, entry) => {
      pending.push([id, entry]);
      notify();
    },
    // The hub could not read this stream: the caller gets the catalogue's failure, not a hang.
    () => {
      pending.push([from, { type: "error", code: "internal" }]);
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
      if (next[1].type !== "token") return;
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    unsubscribe();
  }
}
