/**
 * GET /api/completions/:id/stream — a reply as server-sent events. Each Redis stream entry becomes one event
 * whose id is the entry id, so a reconnecting EventSource (Last-Event-ID) gets only what it missed. A reply
 * whose stream has expired is replayed from the database. With `?pending=1` the stream may be opened together
 * with the send that creates the reply (the browser's path, docs/benchmarks.md §4b): see `awaitSentReply`.
 */
import { completionStreamKey, type StreamEntry } from "#worker/jobs";
import {
  failureFromRow,
  isFinished,
  terminalEntry,
  type FinishedStatus,
  type ReplyEventData,
  type StoredFailure,
} from "#worker/lifecycle";
import { failureMessage } from "../errors/catalogue";
import { readyRedis, serverContext } from "../server-context.server";
import { notFound } from "~/utils/http.server";
import { webMetrics } from "~/utils/metrics.server";
import { resumePoint } from "./stream-ids";

const HEARTBEAT_MS = 15_000;
/**
 * How long a stream opened with its send waits for the reply's first entry before it checks whether the send
 * was stored at all (as long as a reply may wait for its first token: under load a send itself takes seconds).
 */
export const PENDING_MS = 30_000;

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** The browser-facing form of a stream entry: failures carry the catalogue's message, never a raw code only. */
export function sseEvent(id: string, entry: StreamEntry): string {
  const payload: ReplyEventData[StreamEntry["type"]] =
    entry.type === "token"
      ? { text: entry.text }
      : entry.type === "error"
        ? { code: entry.code, message: failureMessage(entry) }
        : { messageId: entry.messageId };
  return `id: ${id}\nevent: ${entry.type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** Streams opened with their send in this process, waiting for it: completion id → their wake-ups. */
const awaitingSend = new Map<string, Set<() => void>>();

/**
 * A send's reply is stored and queued: a stream opened with it in this web process answers now, while the worker
 * takes the job, rather than once the first token is written (as it does when the send went to another one).
 */
export function replyQueued(completionId: string): void {
  for (const wake of awaitingSend.get(completionId) ?? []) wake();
}

function ownedCompletion(userId: string, completionId: string) {
  return serverContext()
    .db.selectFrom("completions")
    .select(["id", "status", "error_code", "error_status", "error_detail"])
    .where("id", "=", completionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function completionEventStream(
  request: Request,
  userId: string,
  completionId: string,
): Promise<Response> {
  const { redis } = serverContext();
  const url = new URL(request.url);
  const completion = await ownedCompletion(userId, completionId);
  const key = completionStreamKey(completionId);
  if (!completion) {
    return url.searchParams.get("pending") === "1"
      ? awaitSentReply(request, userId, completionId)
      : notFound("Completion not found");
  }

  // During a Redis outage: 503 with the catalogue's text (the browser's stream retries), not a 500.
  if (isFinished(completion.status) && !(await (await readyRedis(redis)).exists(key))) {
    return new Response(await replayFromDatabase({ ...completion, status: completion.status }), {
      headers: SSE_HEADERS,
    });
  }

  const from = resumePoint(request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId"));
  return new Response(liveStream(request, key, from).body, { headers: SSE_HEADERS });
}

/**
 * A stream opened before its send is stored: the reply's entries are followed from the start at once, and the
 * answer waits until this process has queued the send (`replyQueued`), or for the reply's first entry (the
 * worker writes nothing before the send is stored; a send taken by another web process), or for PENDING_MS,
 * then checks the owner as any stream does. Someone else's reply, or a send that was never stored
 * (refused), answers 404: the owner-only rule is the same as without `pending`.
 */
async function awaitSentReply(request: Request, userId: string, completionId: string): Promise<Response> {
  const othersReply = await serverContext()
    .db.selectFrom("completions")
    .select("id")
    .where("id", "=", completionId)
    .where("user_id", "!=", userId)
    .executeTakeFirst();
  if (othersReply) return notFound("Completion not found");
  const stream = liveStream(request, completionStreamKey(completionId), "0-0");
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake = () => {};
  await Promise.race([
    stream.firstEntry,
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, PENDING_MS);
      if (request.signal.aborted) resolve();
      request.signal.addEventListener("abort", () => resolve(), { once: true });
      const wakes = awaitingSend.get(completionId) ?? new Set();
      awaitingSend.set(completionId, wakes.add(resolve));
    }),
  ]);
  clearTimeout(timer);
  const wakes = awaitingSend.get(completionId);
  wakes?.delete(wake);
  if (wakes?.size === 0) awaitingSend.delete(completionId);
  if (!request.signal.aborted && (await ownedCompletion(userId, completionId)))
    return new Response(stream.body, { headers: SSE_HEADERS });
  await stream.body.cancel();
  return notFound("Completion not found");
}

/**
 * The reply's entries after `from` as a server-sent event body, subscribed to the hub at once (entries wait in
 * the body until it is read). `firstEntry` resolves when the first entry has been queued.
 */
function liveStream(request: Request, key: string, from: string) {
  const { hub } = serverContext();
  const encoder = new TextEncoder();
  let entered = () => {};
  const firstEntry = new Promise<void>((resolve) => (entered = resolve));
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const heartbeat = setInterval(
        () => controller.enqueue(encoder.encode(": heartbeat\n\n")),
        HEARTBEAT_MS,
      );
      const unsubscribe = hub.subscribe(
        key,
        from,
        (id, entry) => {
          controller.enqueue(encoder.encode(sseEvent(id, entry)));
          entered();
          if (entry.type !== "token") {
            cleanup();
            controller.close();
          }
        },
        // The hub could not read this reply's stream: the browser gets the catalogue's failure, not a hang.
        () => {
          controller.enqueue(encoder.encode(sseEvent(from, { type: "error", code: "internal" })));
          entered();
          cleanup();
          controller.close();
        },
      );
      webMetrics().openStreams.inc();
      let open = true;
      cleanup = () => {
        if (!open) return;
        open = false;
        webMetrics().openStreams.dec();
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
      // Tells the browser the stream is open at once (and flushes proxies) before the first token.
      controller.enqueue(encoder.encode(": open\n\n"));
    },
    cancel() {
      cleanup();
    },
  });
  return { body, firstEntry };
}

async function replayFromDatabase(
  completion: { id: string; status: FinishedStatus } & StoredFailure,
): Promise<string> {
  const { db } = serverContext();
  const message = await db
    .selectFrom("chat_messages")
    .select(["id", "content"])
    .where("completion_id", "=", completion.id)
    .executeTakeFirst();
  const events: string[] = [];
  if (message?.content) events.push(sseEvent("0-1", { type: "token", text: message.content }));
  events.push(
    sseEvent("0-2", terminalEntry(completion.status, message?.id ?? "", failureFromRow(completion))),
  );
  return events.join("");
}
