/**
 * GET /api/completions/:id/stream — a reply as server-sent events. Each entry of the reply becomes one event
 * whose id is the reply's offset at its end, so a reconnecting EventSource (Last-Event-ID) gets only what it
 * missed, whether the reply is still in Redis or, its stream expired, replayed from the database.
 */
import type { StreamEntry } from "#contract/jobs";
import { failureToRow, type AcceptedEventData, type ReplyEventData } from "#contract/lifecycle";
import { failureMessage } from "../texts/catalogue";
import { serverContext } from "../server-context.server";
import { combineHeaders, notFound } from "~/utils/http.server";
import { webMetrics } from "~/utils/metrics.server";
import { openReply } from "./reply-entries.server";

const HEARTBEAT_MS = 15_000;

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "private, no-cache, no-transform",
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
  userId: string,
  completionId: string,
  {
    signal,
    from = 0,
    acceptedAt,
    headers,
    queued = false,
  }: {
    /** Aborts when the reader leaves (its request's signal): the stream ends with it. */
    signal: AbortSignal;
    /** The reply's offset the reader already has (its Last-Event-ID), where the events resume. */
    from?: number;
    /** A send answered with its reply's stream: the page that shows it, sent first as `accepted`. */
    acceptedAt?: string;
    headers?: HeadersInit;
    /**
     * The request has just stored and queued this completion for this user: its row is known without reading
     * it, and its reply is read live: its Redis stream outlives the reply by STREAM_TTL_SECONDS.
     */
    queued?: boolean;
  },
): Promise<Response> {
  const completion = queued
    ? { id: completionId, status: "queued" as const, ...failureToRow(undefined) }
    : await serverContext()
        .db.selectFrom("completions")
        .select(["id", "status", "error_code", "error_status", "error_detail"])
        .where("id", "=", completionId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
  if (!completion) return notFound("Completion not found");

  const follow = await openReply(completion, from);
  const encoder = new TextEncoder();
  let stop = () => {};
  let started = false;
  const body = new ReadableStream<Uint8Array>(
    {
      // Started on the first read, not when the response is made: a response nobody reads follows nothing.
      pull(controller) {
        if (started) return;
        started = true;
        const write = (text: string) => controller.enqueue(encoder.encode(text));
        // The reader left while the reply was being opened: its abort has already fired.
        if (signal.aborted) return controller.close();
        const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
        webMetrics().openStreams.inc();
        let open = true;
        let unfollow = () => {};
        stop = () => {
          if (!open) return;
          open = false;
          webMetrics().openStreams.dec();
          clearInterval(heartbeat);
          unfollow();
        };
        const end = () => {
          if (!open) return;
          stop();
          controller.close();
        };
        signal.addEventListener("abort", end, { once: true });
        // Tells the browser the stream is open at once (and flushes proxies) before the first token. The
        // accepted event has no id: the reply's offsets alone are what a resume asks from.
        const accepted: AcceptedEventData | null = acceptedAt ? { location: acceptedAt } : null;
        write(accepted ? `event: accepted\ndata: ${JSON.stringify(accepted)}\n\n` : ": open\n\n");
        // Each event's id is the reply's offset at its end.
        unfollow = follow(([offset, entry]) => {
          if (!open) return;
          write(sseEvent(String(offset), entry));
          if (entry.type !== "token") end();
        });
        // A stored reply ends before `follow` returns, when there was nothing to stop yet.
        if (!open) unfollow();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: combineHeaders(SSE_HEADERS, headers) });
}
