/**
 * The replies this page follows, one entry per reply (a send's request id is its reply's completion id), with
 * one status, as the AI SDK's useChat has it: `submitted` (sent, not yet accepted) → `streaming` (accepted, its
 * text arriving) → `ready` (ended, or stopped) | `error`. A reply arrives on the send's own answer, an event
 * stream opened by `accepted` (no second request before the first token), or, for a reply the page found
 * under way, over an EventSource. Every component showing a reply reads the same entry.
 */
import { useEffect, useState } from "react";
import { filesOf } from "~/modules/attachments/form-files";
import { createParser } from "eventsource-parser";
import type { AcceptedEventData, ReplyEventData } from "#contract/lifecycle";

export type ReplyStatus = "submitted" | "streaming" | "ready" | "error";

export interface Reply {
  status: ReplyStatus;
  text: string;
  /** Ready because it was stopped. */
  stopped: boolean;
  /** Why it failed (the catalogue's message), for `error`. */
  error?: string;
  /** The form of the send that asked for it, for a send this page made. */
  question?: FormData;
  /** The page of the chat it is in, once the send that asked for it was accepted. */
  location?: string;
}

/**
 * How long a reply stays followed with nobody showing it: the send opens it before the chat's data has
 * reloaded, and the page that shows it may be a new route whose code is still loading. Then it is closed; a
 * page that shows the reply later opens it again from the start.
 */
const UNWATCHED_MS = 5_000;

interface Entry {
  reply: Reply;
  /** Stops reading the reply, whichever way it arrives. */
  close: () => void;
  listeners: Set<() => void>;
  release: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<string, Entry>();
/** Told when any reply starts, changes status or goes (`useSend`). */
const statusListeners = new Set<() => void>();
const statusChanged = () => statusListeners.forEach((listener) => listener());

function update(entry: Entry, change: Partial<Reply>) {
  const status = entry.reply.status;
  entry.reply = { ...entry.reply, ...change };
  for (const listener of entry.listeners) listener();
  if (entry.reply.status !== status) statusChanged();
}

function drop(id: string, entry: Entry) {
  if (entry.release) clearTimeout(entry.release);
  entry.close();
  if (entries.get(id) !== entry) return;
  entries.delete(id);
  for (const listener of entry.listeners) listener();
  statusChanged();
}

function releaseLater(id: string, entry: Entry) {
  if (entry.release) clearTimeout(entry.release);
  entry.release = setTimeout(() => drop(id, entry), UNWATCHED_MS);
}

function start(id: string, reply: Reply, close: () => void): Entry {
  const earlier = entries.get(id);
  const entry: Entry = { reply, close, listeners: earlier?.listeners ?? new Set(), release: null };
  if (earlier) {
    if (earlier.release) clearTimeout(earlier.release);
    earlier.close();
  }
  entries.set(id, entry);
  // A send on its way is kept until its answer comes: the page shows its question meanwhile.
  if (entry.listeners.size === 0 && reply.status !== "submitted") releaseLater(id, entry);
  for (const listener of entry.listeners) listener();
  statusChanged();
  return entry;
}

/** One event of the reply into its entry; whether it was the reply's last. */
function applyEvent(entry: Entry, type: string, data: string): boolean {
  if (type === "token") {
    const { text } = JSON.parse(data) as ReplyEventData["token"];
    update(entry, { status: "streaming", text: entry.reply.text + text });
    return false;
  }
  if (type === "done" || type === "stopped") {
    update(entry, { status: "ready", stopped: type === "stopped" });
    return true;
  }
  if (type === "error") {
    const { message } = JSON.parse(data) as ReplyEventData["error"];
    update(entry, { status: "error", error: message });
    return true;
  }
  return false;
}

/**
 * Reads the reply over an EventSource, from `lastEventId` when given. EventSource reconnects by itself and
 * sends Last-Event-ID, so after a network drop the server sends only what this page has not seen.
 */
function listen(id: string, entry: Entry, lastEventId?: string) {
  const query = lastEventId ? `?${new URLSearchParams({ lastEventId })}` : "";
  const source = new EventSource(`/api/completions/${id}/stream${query}`);
  entry.close = () => source.close();
  for (const type of ["token", "done", "stopped"])
    source.addEventListener(type, (event) => {
      if (applyEvent(entry, type, (event as MessageEvent<string>).data)) source.close();
    });
  source.addEventListener("error", (event) => {
    // A failure the server reports carries data; a dropped connection does not (EventSource retries it).
    const data = (event as MessageEvent<string>).data;
    if (data && applyEvent(entry, "error", data)) source.close();
  });
}

/** Follows a reply the page found under way (once per page; later calls reuse it). */
export function followReply(id: string): void {
  if (entries.has(id)) return;
  listen(
    id,
    start(id, { status: "streaming", text: "", stopped: false }, () => {}),
  );
}

/** Forgets a send the page will not show: its reply goes on, without this page. */
export function forgetReply(id: string) {
  const entry = entries.get(id);
  if (entry) drop(id, entry);
}

/**
 * Sends a chat form that starts a reply and follows the reply on the send's own answer. Resolves with the page
 * to show once the send is accepted, or with the answer itself when it is not an event stream (a refusal, a
 * redirect), for the caller to show and then forget (`forgetReply`). Should the stream break before the reply
 * ends, the rest is read from where it broke over an EventSource.
 */
export async function sendReply(
  url: string,
  form: FormData,
  id: string,
): Promise<AcceptedEventData | Response> {
  const abort = new AbortController();
  const entry = start(id, { status: "submitted", text: "", stopped: false, question: form }, () =>
    abort.abort(),
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      // URL-encoded as Remix sends a form, unless it carries files (docs/product.md §14): then multipart.
      body: filesOf(form).length
        ? form
        : new URLSearchParams(
            [...form].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
          ),
      headers: { Accept: "text/event-stream" },
      signal: abort.signal,
    });
  } catch (error) {
    drop(id, entry);
    throw error;
  }
  // A refusal (or a redirect) stays a send on its way until whoever sent it has read and shown its answer,
  // which forgetting the send must not abort.
  if (
    !response.ok ||
    !response.body ||
    !response.headers.get("Content-Type")?.startsWith("text/event-stream")
  ) {
    entry.close = () => {};
    return response;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  return new Promise((resolve, reject) => {
    let ended = false;
    let lastEventId: string | undefined;
    const parser = createParser({
      onEvent: ({ event, data, id: eventId }) => {
        if (eventId !== undefined) lastEventId = eventId;
        if (event === "accepted") {
          const accepted = JSON.parse(data) as AcceptedEventData;
          update(entry, { status: "streaming", location: accepted.location });
          if (entry.listeners.size === 0) releaseLater(id, entry);
          resolve(accepted);
        } else if (event) ended ||= applyEvent(entry, event, data);
      },
    });
    const read = async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        parser.feed(chunk.value);
    };
    // The answer ended: whole, closed on purpose (nobody shows the reply any more), or cut (a read error);
    // when cut after the send was accepted, the rest comes from where it broke.
    const after = () => {
      if (entry.reply.status === "submitted") {
        // Nothing is followed for a send whose fate is unknown: the page that shows the reply opens it anew.
        drop(id, entry);
        reject(new Error("The send's answer ended before it was accepted"));
      } else if (!ended && !abort.signal.aborted && entries.get(id) === entry) {
        listen(id, entry, lastEventId);
      }
    };
    read().then(after, after);
  });
}

/** Keeps the reply followed while `listener` watches it; the function returned stops watching. */
function watch(id: string, listener: () => void) {
  followReply(id);
  const entry = entries.get(id)!;
  entry.listeners.add(listener);
  if (entry.release) clearTimeout(entry.release);
  entry.release = null;
  return () => {
    entry.listeners.delete(listener);
    // Not closed at once: the live reply moves from the page that sent it to the chat's page in one render.
    if (entry.listeners.size === 0 && entries.get(id) === entry && entry.reply.status !== "submitted")
      releaseLater(id, entry);
  };
}

/**
 * The page of the chat a send went to, once the send is accepted; null for a send refused, broken or not made
 * by this page. Waits for the answer without following the reply itself.
 */
export function acceptedAt(id: string): Promise<string | null> {
  return new Promise((resolve) => {
    const settled = () => {
      const reply = replyNow(id);
      if (reply?.status === "submitted") return false;
      resolve(reply?.location ?? null);
      return true;
    };
    if (settled()) return;
    const listener = () => {
      if (settled()) statusListeners.delete(listener);
    };
    statusListeners.add(listener);
  });
}

/** The reply now, undefined when this page does not follow it. */
export const replyNow = (id: string): Reply | undefined => entries.get(id)?.reply;

/** One reply, for a component, which follows it and re-renders as its text arrives. */
export function useReply(id: string): Reply | undefined {
  const [reply, setReply] = useState<Reply | undefined>(() => replyNow(id));
  useEffect(() => {
    const show = () => setReply(replyNow(id));
    const unwatch = watch(id, show);
    show();
    return unwatch;
  }, [id]);
  return reply;
}

/**
 * The send this page made with request id `id`, for a component, while it is followed; undefined before the
 * send (nothing is opened for it) and after. Re-renders when its status changes, not per token.
 */
export function useSend(id: string): Reply | undefined {
  const [reply, setReply] = useState<Reply | undefined>(() => replyNow(id));
  useEffect(() => {
    const show = () => {
      const current = replyNow(id);
      setReply((shown) =>
        current?.status === shown?.status && current?.question === shown?.question ? shown : current,
      );
    };
    statusListeners.add(show);
    show();
    return () => {
      statusListeners.delete(show);
    };
  }, [id]);
  return reply;
}

/**
 * Runs `then` once the browser has painted what the page shows now: a frame's callbacks run before its paint,
 * and a task queued from one runs after it.
 */
function afterPaint(then: () => void) {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Resolves once the reply's first text has been painted, or it has ended, or after `atMostMs` (a hidden tab
 * paints nothing): the send's navigation waits for it, since the chat's reload starts with work on the page's
 * one thread that would hold the first token's paint back.
 */
export function replyStarted(id: string, atMostMs: number): Promise<void> {
  if (!entries.has(id)) return Promise.resolve();
  return new Promise((resolve) => {
    let settled = false;
    let painting = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unwatch();
      resolve();
    };
    // One wait for the paint, however many tokens arrive before it.
    const started = () => {
      const reply = replyNow(id);
      if (painting || (reply && reply.status !== "ready" && reply.status !== "error" && !reply.text)) return;
      painting = true;
      afterPaint(done);
    };
    const timer = setTimeout(done, atMostMs);
    const unwatch = watch(id, started);
    // The first token often comes in the same chunk as the acceptance: it is in the page, not yet painted.
    started();
  });
}
