import { messages } from "../texts/catalogue";
import type { RealtimeEvent } from "./events";
import { onRealtimeEvent } from "./subscriber.server";

const HEARTBEAT_MS = 15_000;
/**
 * Live-event streams one user may hold open on a web process: one per open page, so ten is a lot of tabs,
 * and it keeps one account from holding the process's connections and memory.
 */
export const MAX_STREAMS_PER_USER = 10;
/** How long a refused page waits before its browser may try again. */
const RETRY_AFTER_S = 60;

/** Open streams by user, on this process. */
const openStreams = new Map<string, number>();

/** Whether this user's page should hear the event: catalogue changes go to all, account changes to their owner. */
function concerns(event: RealtimeEvent, userId: string) {
  return event.type === "vendor-changed" || event.type === "models-updated" || event.userId === userId;
}

/** Counts a stream for the user, or says no when they hold the most they may. */
function takeStream(userId: string): (() => void) | null {
  const open = openStreams.get(userId) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) return null;
  openStreams.set(userId, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(userId) ?? 1) - 1;
    if (left > 0) openStreams.set(userId, left);
    else openStreams.delete(userId);
  };
}

/**
 * GET /api/events: the live admin events one signed-in page may see, as server-sent events, until `signal`
 * (the request's) aborts. A ban (or deletion) ends the user's streams once they have heard of it: the
 * sessions are gone by then, so the browser's reconnect is refused. A user holding MAX_STREAMS_PER_USER
 * streams gets 429 with the catalogue's text.
 */
export function realtimeEventStream(userId: string, signal: AbortSignal): Response {
  const release = takeStream(userId);
  if (!release) {
    return new Response(messages.tooManyLivePages, {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(RETRY_AFTER_S) },
    });
  }
  const encoder = new TextEncoder();
  let cleanup = release;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(": connected\n\n");
      const unsubscribe = onRealtimeEvent((event) => {
        if (!concerns(event, userId)) return;
        send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        if (event.type === "user-banned") end();
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        release();
      };
      signal.addEventListener("abort", end);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
