/**
 * GET /api/completions/:id/stream — a reply as server-sent events. Each entry of the reply becomes one event
 * whose id is the reply's offset at its end, so a reconnecting EventSource (Last-Event-ID) gets only what it
 * missed, whether the reply is still in Redis or, its stream expired, replayed from the database.
 */
import type { StreamEntry } from "#contract/jobs";
import type { ReplyEventData } from "#contract/lifecycle";
import { failureMessage } from "../errors/catalogue";
import { serverContext } from "../server-context.server";
import { notFound } from "~/utils/http.server";
import { webLogger } from "~/utils/logger.server";
import { webMetrics } from "~/utils/metrics.server";
import { replyEntries, type Entry } from "./reply-entries.server";
import { resumeOffset } from "./stream-ids";

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
  const completion = await serverContext()
    .db.selectFrom("completions")
    .select(["id", "status", "error_code", "error_status", "error_detail"])
    .where("id", "=", completionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!completion) return notFound("Completion not found");

  const from = resumeOffset(
    request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId"),
  );
  // The stream's own end (the browser left, or the body was cancelled) also ends the reply's reading.
  const reading = new AbortController();
  const entries = await replyEntries(completion, from, AbortSignal.any([request.signal, reading.signal]));
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const heartbeat = setInterval(
        () => controller.enqueue(encoder.encode(": heartbeat\n\n")),
        HEARTBEAT_MS,
      );
      webMetrics().openStreams.inc();
      let open = true;
      cleanup = () => {
        if (!open) return;
        open = false;
        webMetrics().openStreams.dec();
        clearInterval(heartbeat);
        reading.abort();
      };
      // Tells the browser the stream is open at once (and flushes proxies) before the first token.
      controller.enqueue(encoder.encode(": open\n\n"));
      const send = (event: string) => {
        if (open) controller.enqueue(encoder.encode(event));
      };
      relay(entries, send).then(
        () => {
          if (!open) return;
          cleanup();
          controller.close();
        },
        (error: unknown) => {
          webLogger().error({ err: error, completionId }, "reply relay failed");
          cleanup();
          controller.error(error);
        },
      );
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}

/** Sends each entry as an event whose id is the reply's offset at its end, until the terminal entry. */
async function relay(entries: AsyncIterable<Entry>, send: (event: string) => void): Promise<void> {
  for await (const [offset, entry] of entries) send(sseEvent(String(offset), entry));
}
