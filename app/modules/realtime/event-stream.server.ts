import type { RealtimeEvent } from "./events";
import { onRealtimeEvent } from "./subscriber.server";

const HEARTBEAT_MS = 15_000;

/** Whether this user's page should hear the event: catalogue changes go to all, account changes to their owner. */
function concerns(event: RealtimeEvent, userId: string) {
  return event.type === "vendor-changed" || event.type === "models-updated" || event.userId === userId;
}

/**
 * GET /api/events: the live admin events one signed-in page may see, as server-sent events, until `signal`
 * (the request's) aborts.
 */
export function realtimeEventStream(userId: string, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(": connected\n\n");
      const unsubscribe = onRealtimeEvent((event) => {
        if (concerns(event, userId)) send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
