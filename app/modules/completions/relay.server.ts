/**
 * GET /api/completions/:id/stream — a reply as server-sent events. Each Redis stream entry becomes one event
 * whose id is the entry id, so a reconnecting EventSource (Last-Event-ID) gets only what it missed. A reply
 * whose stream has expired is replayed from the database.
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

export async function completionEventStream(
  request: Request,
  userId: string,
  completionId: string,
): Promise<Response> {
  const { db, redis, hub } = serverContext();
  const completion = await db
    .selectFrom("completions")
    .select(["id", "status", "error_code", "error_status", "error_detail"])
    .where("id", "=", completionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!completion) return notFound("Completion not found");

  const key = completionStreamKey(completionId);
  // During a Redis outage: 503 with the catalogue's text (the browser's stream retries), not a 500.
  if (isFinished(completion.status) && !(await (await readyRedis(redis)).exists(key))) {
    return new Response(await replayFromDatabase({ ...completion, status: completion.status }), {
      headers: SSE_HEADERS,
    });
  }

  const from = resumePoint(
    request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId"),
  );
  const encoder = new TextEncoder();
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
          if (entry.type !== "token") {
            cleanup();
            controller.close();
          }
        },
        // The hub could not read this reply's stream: the browser gets the catalogue's failure, not a hang.
        () => {
          controller.enqueue(encoder.encode(sseEvent(from, { type: "error", code: "internal" })));
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
  return new Response(body, { headers: SSE_HEADERS });
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
