import { useEffect, useState } from "react";
import type { ReplyEventData } from "#worker/lifecycle";

export type StreamState =
  | { status: "waiting"; text: "" }
  | { status: "streaming"; text: string }
  | { status: "done" | "stopped"; text: string }
  | { status: "error"; text: string; message: string };

/**
 * Follows one reply over SSE. EventSource reconnects by itself and sends Last-Event-ID, so after a network
 * drop the server sends only what this page has not seen; a reload starts again from the first token.
 * Mount it with `key={completionId}` so a new reply starts from a clean state.
 */
export function useCompletionStream(completionId: string | null): StreamState {
  const [state, setState] = useState<StreamState>({ status: "waiting", text: "" });

  useEffect(() => {
    if (!completionId) return;
    const source = new EventSource(`/api/completions/${completionId}/stream`);
    const finish = (next: (text: string) => StreamState) => {
      source.close();
      setState((current) => next(current.text));
    };
    source.addEventListener("token", (event) => {
      const { text } = JSON.parse((event as MessageEvent<string>).data) as ReplyEventData["token"];
      setState((current) => ({ status: "streaming", text: current.text + text }));
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
    return () => source.close();
  }, [completionId]);

  return state;
}
