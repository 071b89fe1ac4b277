import { useEffect, useState } from "react";
import type { ReplyEventData } from "#worker/lifecycle";

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

interface Followed {
  state: StreamState;
  source: EventSource;
  listeners: Set<() => void>;
  release: ReturnType<typeof setTimeout> | null;
}

/** The replies this page follows, by completion id: one EventSource each, however many components show it. */
const followed = new Map<string, Followed>();

function update(entry: Followed, next: (current: StreamState) => StreamState) {
  entry.state = next(entry.state);
  for (const listener of entry.listeners) listener();
}

function releaseLater(completionId: string, entry: Followed) {
  if (entry.release) clearTimeout(entry.release);
  entry.release = setTimeout(() => {
    entry.source.close();
    followed.delete(completionId);
  }, UNWATCHED_MS);
}

/**
 * Starts following one reply over SSE (once per page; later calls reuse it). EventSource reconnects by itself
 * and sends Last-Event-ID, so after a network drop the server sends only what this page has not seen; a reload
 * starts again from the first token.
 */
export function followReply(completionId: string): void {
  if (followed.has(completionId)) return;
  const source = new EventSource(`/api/completions/${completionId}/stream`);
  const entry: Followed = { state: WAITING, source, listeners: new Set(), release: null };
  followed.set(completionId, entry);
  releaseLater(completionId, entry);
  const finish = (next: (text: string) => StreamState) => {
    source.close();
    update(entry, (current) => next(current.text));
  };
  source.addEventListener("token", (event) => {
    const { text } = JSON.parse((event as MessageEvent<string>).data) as ReplyEventData["token"];
    update(entry, (current) => ({ status: "streaming", text: current.text + text }));
  });
  source.addEventListener("done", () => finish((text) => ({ status: "done", text })));
  source.addEventListener("stopped", () => finish((text) => ({ status: "stopped", text })));
  source.addEventListener("error", (event) => {
    // A failure the server reports carries data; a dropped connection does not (EventSource retries it).
    const data = (event as MessageEvent<string>).data;
    if (!data) return;
    const { message } = JSON.parse(data) as ReplyEventData["error"];
    finish((text) => ({ status: "error", text, message }));
  });
}

/** Whether this page already follows the reply (the send opened its stream). */
export const isFollowing = (completionId: string) => followed.has(completionId);

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
