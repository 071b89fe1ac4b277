/**
 * A reply read as a browser reads it across restarts: send once (a repeated POST with the same request id
 * adds nothing), then read the event stream and, whenever it ends without a terminal event (the web process
 * serving it was restarted), reconnect with Last-Event-ID. Counts what a user would notice: terminal events,
 * reconnects, and any answer a browser could not resume from.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { nowMs } from "./clock";
import { fetchText, readSse } from "./http-client";
import { directiveMessage, replyText, TOKEN_PATTERN, type ReplyPlan } from "./streams";

export interface ResumedRun {
  completionId: string;
  start: number;
  firstTokenAt?: number;
  endedAt?: number;
  text: string;
  /** Terminal events seen, by type: a sound reply has exactly { done: 1 }. */
  terminals: Record<string, number>;
  reconnects: number;
  /** Answers a browser cannot resume from (a refused send, a 4xx on the stream, an error event). */
  failures: string[];
  /** Reloads asked for by the caller: the stream was dropped on purpose and resumed. */
  reloads: number;
}

const RECONNECT_PAUSE_MS = 250;
/** Statuses a browser retries (the web restarting, Redis busy): not an error the user is left with. */
const RETRIED = new Set([0, 502, 503]);

export async function resumableReply(
  baseUrl: string,
  cookie: string,
  plan: ReplyPlan,
  timeoutMs: number,
  options: { reloadAfterTokens?: number } = {},
): Promise<ResumedRun> {
  const completionId = randomUUID();
  const run: ResumedRun = {
    completionId,
    start: nowMs(),
    text: "",
    terminals: {},
    reconnects: 0,
    failures: [],
    reloads: 0,
  };
  const deadline = run.start + timeoutMs;
  const form = new URLSearchParams({
    intent: "send",
    content: directiveMessage(plan),
    requestId: completionId,
  });
  for (;;) {
    const post = await fetchText(`${baseUrl}/chat?index`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      timeoutMs: 30_000,
    }).catch(() => ({ status: 0, body: "" }));
    if (post.status === 302) break;
    if (!RETRIED.has(post.status) || nowMs() > deadline) {
      run.failures.push(`send answered ${post.status}`);
      return run;
    }
    await delay(RECONNECT_PAUSE_MS);
  }
  let lastId: string | undefined;
  let tokens = 0;
  while (!Object.keys(run.terminals).length && nowMs() < deadline) {
    const reload = new AbortController();
    const outcome = await readSse(
      `${baseUrl}/api/completions/${completionId}/stream`,
      {
        method: "GET",
        headers: { Cookie: cookie, ...(lastId ? { "Last-Event-ID": lastId } : {}) },
        timeoutMs: Math.max(1, deadline - nowMs()),
        signal: reload.signal,
      },
      (event) => {
        // A dropped connection can still hand over data it had already received: not this reader's any more.
        if (reload.signal.aborted) return;
        if (event.id) lastId = event.id;
        if (event.event === "token") {
          run.firstTokenAt ??= event.at;
          run.text += (JSON.parse(event.data) as { text: string }).text;
          tokens += 1;
          if (options.reloadAfterTokens && tokens === options.reloadAfterTokens) reload.abort();
        } else if (event.event !== "message") {
          run.terminals[event.event] = (run.terminals[event.event] ?? 0) + 1;
          if (event.event === "error") run.failures.push(`error event ${event.data}`);
        }
      },
    );
    if (Object.keys(run.terminals).length) break;
    if (reload.signal.aborted) run.reloads += 1;
    // A stream that opened (200) and was then cut is what a browser resumes from; so is a refused connection
    // or a 502/503 while a web process restarts. Anything else is an answer the user is left with.
    else if (outcome.error && outcome.status !== 200 && !RETRIED.has(outcome.status)) {
      run.failures.push(`stream: ${outcome.error}`);
      return run;
    } else run.reconnects += 1;
    await delay(reload.signal.aborted ? 0 : RECONNECT_PAUSE_MS);
  }
  run.endedAt = nowMs();
  return run;
}

/** Whether the reply's text is the plan's, every token once and in order. */
export function wholeAndInOrder(run: ResumedRun, plan: Pick<ReplyPlan, "tag" | "tokens">): boolean {
  if (run.text.trim() !== replyText(plan)) return false;
  const numbers = [...run.text.matchAll(TOKEN_PATTERN)].map((match) => Number(match[2]));
  return numbers.every((n, i) => n === i + 1);
}
