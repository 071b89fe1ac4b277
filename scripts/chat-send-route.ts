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
import { replyEventsOf, type ReplyEvents } from "~/modules/completions/reply-events.server";

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
        const events = replyEventsOf(response);
        if (events) writeReplyEvents(res, response, events);
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

/**
 * A reply's events written as they come, straight to the Node response: no web stream between (docs/benchmarks.md
 * §1n). The head goes with the first event (the `accepted` event, ready with the answer): on loopback every
 * write wakes the reading process, a write fewer per reply (§1j).
 */
function writeReplyEvents(res: ExpressResponse, response: Response, events: ReplyEvents) {
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  // Events come from the hub's loop, many streams at a time: held until the loop has sent its next read,
  // which would otherwise wait for every socket write of the batch. A stream's events of one batch leave in
  // one write, and its last batch with the response's end: on loopback every write wakes the reader (§1j).
  let held = "";
  const flush = () => {
    if (held) res.write(held);
    held = "";
  };
  const write = (text: string) => {
    if (!held) process.nextTick(flush);
    held += text;
  };
  const end = () => {
    const last = held;
    held = "";
    res.end(last);
  };
  const stop = events({ write, end });
  res.once("close", stop);
}
