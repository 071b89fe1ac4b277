/**
 * POST /api/chat-send/:chatId? — the chat page's send, served from the build's entry module (app/entry.server.tsx
 * exports it) rather than through Remix's request handling: its route matching and resource-route wrapping cost
 * ~0.5 ms on the way to every reply's first token (docs/benchmarks.md §1f).
 */
// The adapter's own conversions, which its package index does not re-export.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler, Response as ExpressResponse } from "express";
import type { handleChatSend } from "~/entry.server";

export const CHAT_SEND_PATHS = ["/api/chat-send", "/api/chat-send/:chatId"];

/** What app/entry.server.tsx adds to Remix's entry module. */
interface ChatSendEntry {
  handleChatSend: typeof handleChatSend;
}

/** Errors are logged by the entry's `handleError` and answered 500, as Remix does for a resource route. */
export function serveChatSend(build: ServerBuild | (() => Promise<ServerBuild>)): RequestHandler {
  return (req, res, next) => {
    const serve = async () => {
      const { entry } = typeof build === "function" ? await build() : build;
      const request = createRemixRequest(req, res);
      try {
        const { handleChatSend } = entry.module as unknown as ChatSendEntry;
        const response = await handleChatSend(request, req.params.chatId ?? null);
        if (isEventStream(response)) await sendEventStream(res, response);
        else await sendRemixResponse(res, response);
      } catch (error) {
        entry.module.handleError?.(error, {
          request,
          params: req.params,
          context: { clientIp: req.ip ?? "unknown" },
        });
        if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Server Error");
      }
    };
    serve().catch(next);
  };
}

const isEventStream = (response: Response) =>
  response.body !== null && /^text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");

/**
 * A reply's events written as they come, its head together with the first (the `accepted` event, ready with
 * the answer). Remix's adapter writes an event stream's head on its own: on loopback every write wakes the
 * reading process, a write fewer per reply (docs/benchmarks.md §1j).
 */
async function sendEventStream(res: ExpressResponse, response: Response) {
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  const reader = response.body!.getReader();
  // The reply's subscription already ends with the request's abort; this ends the wait for its next event.
  // A stream that failed rejects the pending read too, and that rejection is the one reported.
  res.once("close", () => reader.cancel().catch(() => undefined));
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) res.write(chunk.value);
  res.end();
}
