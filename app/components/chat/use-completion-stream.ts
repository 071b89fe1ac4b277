import { useEffect, useState, useSyncExternalStore } from "react";
import { createParser } from "eventsource-parser";
import type { AcceptedEventData, ReplyEventData } from "#contract/lifecycle";

export type StreamState =
  | { status: "waiting"; text: "" }
  | { status: "streaming"; text: string }
  | { status: "done" | "stopped"; text: string }
  | { status: "error"; text: string; message: string };

const WAITING: StreamState = { status: "waiting", text: "" };

/**
 * How long a followed reply stays open with nobody showing it: the send opens it before the chat's data has
 * reloaded (see `followReply`), and the page that shows it may be a new route whose code is still loading.
 * When it runs out the stream is closed; a page that then shows the reply opens it again from the start.
 */
const UNWATCHED_MS = 5_000;

/**
 * How long a sent reply's first event may take after the send's acceptance and still show together with the
 * question, in one render: shown apart, the question's render held the first token back.
 */
const FIRST_EVENT_GRACE_MS = 50;

interface Followed {
  state: StreamState;
  /** Stops reading the reply, whichever way it arrives (the send's own answer, or an EventSource). */
  close: () => void;
  listeners: Set<() => void>;
  release: ReturnType<typeof setTimeout> | null;
  /** Whether the page shows it yet (`useFollowing`): a sent reply shows with its first event. */
  shown: boolean;
}

/** The replies this page follows, by completion id: one stream each, however many components show it. */
const followed = new Map<string, Followed>();
/** Told when a reply starts or stops being shown. */
const followingListeners = new Set<() => void>();
const followingChanged = () => followingListeners.forEach((listener) => listener());

function update(entry: Followed, next: (current: StreamState) => StreamState) {
  entry.state = next(entry.state);
  for (const listener of entry.listeners) listener();
}

function stopFollowing(completionId: string, entry: Followed) {
  if (entry.release) clearTimeout(entry.release);
  entry.close();
  if (followed.get(completionId) !== entry) return;
  followed.delete(completionId);
  followingChanged();
}

function releaseLater(completionId: string, entry: Followed) {
  if (entry.release) clearTimeout(entry.release);
  entry.release = setTimeout(() => stopFollowing(completionId, entry), UNWATCHED_MS);
}

function startFollowing(completionId: string, close: () => void, shown: boolean): Followed {
  const entry: Followed = { state: WAITING, close, listeners: new Set(), release: null, shown };
  followed.set(completionId, entry);
  releaseLater(completionId, entry);
  if (shown) followingChanged();
  return entry;
}

function show(entry: Followed) {
  if (entry.shown) return;
  entry.shown = true;
  followingChanged();
}

/** One event of the reply into its state; whether it was the reply's last. */
function applyEvent(entry: Followed, type: string, data: string): boolean {
  if (type === "token") {
    const { text } = JSON.parse(data) as ReplyEventData["token"];
    update(entry, (current) => ({ status: "streaming", text: current.text + text }));
    return false;
  }
  if (type === "done" || type === "stopped") {
    update(entry, (current) => ({ status: type, text: current.text }));
    return true;
  }
  if (type === "error") {
    const { message } = JSON.parse(data) as ReplyEventData["error"];
    update(entry, (current) => ({ status: "error", text: current.text, message }));
    return true;
  }
  return false;
}

/**
 * Reads the reply over an EventSource, from `lastEventId` when given. EventSource reconnects by itself and
 * sends Last-Event-ID, so after a network drop the server sends only what this page has not seen.
 */
function listen(completionId: string, entry: Followed, lastEventId?: string) {
  const query = lastEventId ? `?${new URLSearchParams({ lastEventId })}` : "";
  const source = new EventSource(`/api/completions/${completionId}/stream${query}`);
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

/**
 * Starts following one reply over SSE (once per page; later calls reuse it). A reload starts again from the
 * first token.
 */
export function followReply(completionId: string): void {
  if (followed.has(completionId)) return;
  const entry = startFollowing(completionId, () => {}, true);
  listen(completionId, entry);
}

/**
 * Sends a chat form that starts a reply (its request id is the reply's id) and follows the reply on the send's
 * own answer, an event stream that opens with `accepted`: the first token needs no
 * second request. Resolves with the page to show once the send is accepted, or with the answer itself when
 * it is not an event stream (a refusal, a redirect). Should the stream break before the reply ends, the rest
 * is read from where it broke over an EventSource.
 */
export async function sendAndFollow(
  url: string,
  form: FormData,
  completionId: string,
): Promise<{ location: string } | Response> {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: "POST",
    // URL-encoded as Remix sends a form: a multipart body would turn the message's line breaks into CRLF.
    body: new URLSearchParams([...form].map(([name, value]) => [name, String(value)])),
    headers: { Accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (
    !response.ok ||
    !response.body ||
    !response.headers.get("Content-Type")?.startsWith("text/event-stream")
  )
    return response;
  const earlier = followed.get(completionId);
  if (earlier) stopFollowing(completionId, earlier);
  const entry = startFollowing(completionId, () => abort.abort(), false);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  return new Promise((resolve, reject) => {
    let accepted = false;
    let ended = false;
    let lastEventId: string | undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const showNow = () => {
      clearTimeout(grace);
      show(entry);
    };
    const parser = createParser({
      onEvent: ({ event, data, id }) => {
        if (id !== undefined) lastEventId = id;
        if (event === "accepted") {
          accepted = true;
          grace = setTimeout(showNow, FIRST_EVENT_GRACE_MS);
          resolve(JSON.parse(data) as AcceptedEventData);
        } else if (event) {
          ended ||= applyEvent(entry, event, data);
          showNow();
        }
      },
    });
    const read = async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        parser.feed(chunk.value);
    };
    // The answer ended: whole, closed on purpose (nobody shows the reply any more), or cut (a read error);
    // when cut after the send was accepted, the rest comes from where it broke.
    const after = () => {
      if (!accepted) {
        // Nothing is followed for a send whose fate is unknown: the page that shows the reply opens it anew.
        stopFollowing(completionId, entry);
        reject(new Error("The send's answer ended before it was accepted"));
      } else {
        showNow();
        if (!ended && !abort.signal.aborted && followed.get(completionId) === entry)
          listen(completionId, entry, lastEventId);
      }
    };
    read().then(after, after);
  });
}

/** Whether this page already follows the reply (the send opened its stream). */
export const isFollowing = (completionId: string) => followed.has(completionId);

/** Calls `listener` whenever a followed reply starts or stops being shown. */
export function onFollowingChange(listener: () => void): () => void {
  followingListeners.add(listener);
  return () => followingListeners.delete(listener);
}

/**
 * Whether the page shows the followed reply, for a component, which re-renders when it changes: a sent reply
 * shows with its first event (or when that is slow to come), so the question and the first token render
 * together.
 */
export function useFollowing(completionId: string): boolean {
  return useSyncExternalStore(
    onFollowingChange,
    () => followed.get(completionId)?.shown ?? false,
    () => false,
  );
}

/**
 * Runs `then` once the browser has painted what the page shows now: a frame's callbacks run before its paint,
 * and a task queued from one runs after it.
 */
function afterPaint(then: () => void) {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Resolves once the followed reply's first text has been painted, or it has ended, or after `atMostMs` (a
 * hidden tab paints nothing): the send's navigation waits for it, because the chat's reload starts with
 * work on the page's one thread that held the first token's paint back by ~10 ms.
 */
export function replyStarted(completionId: string, atMostMs: number): Promise<void> {
  const entry = followed.get(completionId);
  if (!entry) return Promise.resolve();
  // Watched as a component watches it, so the reply is released as usual once nobody shows it.
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
      if (painting || entry.state.status === "waiting") return;
      painting = true;
      afterPaint(done);
    };
    const timer = setTimeout(done, atMostMs);
    const unwatch = watch(completionId, started);
    // The first token often comes in the same chunk as the acceptance: it is in the page, not yet painted.
    started();
  });
}

function watch(completionId: string, listener: () => void) {
  followReply(completionId);
  const entry = followed.get(completionId)!;
  entry.listeners.add(listener);
  if (entry.release) clearTimeout(entry.release);
  entry.release = null;
  return () => {
    entry.listeners.delete(listener);
    // Not closed at once: the live reply moves from the page that sent it to the chat's page in one render.
    if (entry.listeners.size === 0) releaseLater(completionId, entry);
  };
}

/**
 * One reply's live text and status, shared by every component that shows it. With `everyToken` false the
 * component re-renders only when the status changes (the first token, the end): the sent message shown while
 * the chat's page loads uses it, because the router renders that page as a transition, which React starts over
 * after every other update, so a re-render per token would hold the page back until the reply ended.
 */
export function useCompletionStream(completionId: string, { everyToken = true } = {}): StreamState {
  const [state, setState] = useState<StreamState>(() => followed.get(completionId)?.state ?? WAITING);
  useEffect(() => {
    let shown: StreamState | null = null;
    const show = () => {
      const current = followed.get(completionId)?.state ?? WAITING;
      if (current === shown || (!everyToken && current.status === shown?.status)) return;
      shown = current;
      setState(current);
    };
    const unwatch = watch(completionId, show);
    show();
    return unwatch;
  }, [completionId, everyToken]);
  return state;
}
