/**
 * A reply's events as the text of an event stream, for whoever writes them out: the web stream of the
 * reply's `Response` (Remix's routes), or the Node response itself (the chat page's send,
 * scripts/chat-send-route.ts), which skips the web stream's work on every event (docs/benchmarks.md §1n).
 */

/** Where a reply's events are written as they come; `end` follows the last. */
export interface EventSink {
  write(text: string): void;
  end(): void;
}

/** Starts a reply's events into a sink, once; the function returned stops them (the reader left). */
export type ReplyEvents = (sink: EventSink) => () => void;

/**
 * The key under which a reply's `Response` carries its events. `Symbol.for`: the send's route runs outside the
 * server build, with a copy of this module of its own.
 */
const REPLY_EVENTS = Symbol.for("rogue-ai.reply-events");

type WithReplyEvents = Response & { [REPLY_EVENTS]?: ReplyEvents };

export function withReplyEvents(response: Response, events: ReplyEvents): Response {
  (response as WithReplyEvents)[REPLY_EVENTS] = events;
  return response;
}

export const replyEventsOf = (response: Response): ReplyEvents | undefined =>
  (response as WithReplyEvents)[REPLY_EVENTS];
