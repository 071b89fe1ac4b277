/**
 * The three ways the client gets a reply, recorded the same way: through the product (sign-up cookie, POST
 * /chat?index, then the completion's event stream), through the peer (an AI SDK `streamText` proxy) and
 * straight from the mock vendor (the baseline).
 */
import { randomUUID } from "node:crypto";
import { nowMs } from "./clock";
import { fetchText, readSse, type RequestInit, type SseEvent } from "./http-client";

/** What the mock is told to do for one reply; `tag` makes the reply's tokens unique to it. */
export interface ReplyPlan {
  tag: string;
  tokens: number;
  tokenMs: number;
  ttftMs?: number;
  /** The mock streams the reply in pieces of pieceChars/2 to pieceChars characters (absent: a word each). */
  pieceChars?: number;
  /** Per-vendor behaviour, e.g. { together: { fault: "500" } }. */
  vendors?: Record<string, Record<string, unknown>>;
}

/** How long each reply of a scenario is: its tokens and the mock's pause between them. */
export type ReplyLength = Pick<ReplyPlan, "tokens" | "tokenMs">;

export interface TokenArrival {
  at: number;
  text: string;
}

export interface StreamRun {
  tag: string;
  /** The completion id (product) or the X-Request-ID sent to the mock (baseline, peer): the tap's key. */
  requestId: string;
  /** When the client started the first request (nowMs). */
  start: number;
  /** Product only: when the POST's redirect arrived. */
  postEnd?: number;
  /** When the event stream's response headers arrived. */
  openedAt?: number;
  tokens: TokenArrival[];
  endedAt?: number;
  /** done / error / stopped (product), done on [DONE] (baseline, peer); unset when the stream ended without one. */
  terminal?: string;
  error?: string;
}

/** Tokens look like `<tag>.t0001`: unique across every reply of a run, and numbered to check the order. */
export const TOKEN_PATTERN = /([a-z0-9]+)\.t(\d+)/g;

export function replyText(plan: Pick<ReplyPlan, "tag" | "tokens">): string {
  return Array.from({ length: plan.tokens }, (_, i) => `${plan.tag}.t${String(i + 1).padStart(4, "0")}`).join(
    " ",
  );
}

/** The user message: the mock reads the directive from it; the words before it keep it a plausible message. */
export function directiveMessage(plan: ReplyPlan): string {
  const directive = {
    reply: replyText(plan),
    tokenMs: plan.tokenMs,
    ttftMs: plan.ttftMs ?? 0,
    ...(plan.pieceChars ? { pieceChars: plan.pieceChars } : {}),
    usage: true,
    ...(plan.vendors ? { vendors: plan.vendors } : {}),
  };
  return `Benchmark reply ${plan.tag} [[mock:${JSON.stringify(directive)}]]`;
}

/** How long one reply may take before the client gives up on it. */
export const replyDeadlineMs = (plan: ReplyPlan, slackMs: number) =>
  (plan.ttftMs ?? 0) + plan.tokens * plan.tokenMs + slackMs;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Straight to the mock vendor's Together endpoint, as a vendor client would call it. */
export async function baselineReply(
  endpoint: string,
  plan: ReplyPlan,
  timeoutMs: number,
): Promise<StreamRun> {
  const run: StreamRun = { tag: plan.tag, requestId: `baseline-${plan.tag}`, start: nowMs(), tokens: [] };
  const body = JSON.stringify({
    model: "bench-model",
    messages: [{ role: "user", content: directiveMessage(plan) }],
    stream: true,
    stream_options: { include_usage: true },
  });
  const headers = {
    "Content-Type": "application/json",
    Authorization: "Bearer bench-key",
    "X-Request-ID": run.requestId,
  };
  return readRun(run, endpoint, { method: "POST", headers, body, timeoutMs }, (event) => {
    if (event.data === "[DONE]") return void (run.terminal = "done");
    const chunk = parseJson(event.data) as { choices?: { delta?: { content?: string } }[] } | undefined;
    const text = chunk?.choices?.[0]?.delta?.content;
    if (text) run.tokens.push({ at: event.at, text });
  });
}

/** Reads an event stream to its end into `run`: its events through `onEvent`, then when it opened and ended. */
async function readRun(
  run: StreamRun,
  url: string,
  init: RequestInit,
  onEvent: (event: SseEvent) => void,
): Promise<StreamRun> {
  const outcome = await readSse(url, init, onEvent);
  run.openedAt = outcome.openedAt;
  run.endedAt = outcome.endedAt;
  if (outcome.error) run.error = `${outcome.error} ${outcome.body ?? ""}`.trim();
  return run;
}

/** One POST of the chat's messages, as the peer and the floor take it, read as SSE to its end. */
async function postMessages(
  url: string,
  run: StreamRun,
  plan: ReplyPlan,
  timeoutMs: number,
  onEvent: (event: SseEvent) => void,
): Promise<StreamRun> {
  const body = JSON.stringify({ messages: [{ role: "user", content: directiveMessage(plan) }] });
  const headers = { "Content-Type": "application/json", "X-Request-ID": run.requestId };
  return readRun(run, url, { method: "POST", headers, body, timeoutMs }, onEvent);
}

/**
 * Through the peer: one POST of the chat's messages, answered with the AI SDK's UI message stream (SSE of
 * `{ type: "text-delta", delta }` parts, then `[DONE]`).
 */
export async function peerReply(url: string, plan: ReplyPlan, timeoutMs: number): Promise<StreamRun> {
  const run: StreamRun = { tag: plan.tag, requestId: `peer-${plan.tag}`, start: nowMs(), tokens: [] };
  return postMessages(url, run, plan, timeoutMs, (event) => {
    if (event.data === "[DONE]") return void (run.terminal = "done");
    const part = parseJson(event.data) as { type?: string; delta?: string; errorText?: string } | undefined;
    if (part?.type === "text-delta" && part.delta) run.tokens.push({ at: event.at, text: part.delta });
    else if (part?.type === "error") run.error = `error part: ${part.errorText ?? ""}`;
  });
}

/** Through the floor (bench/floor-web.ts): the product's reply events, from `token` to `done`. */
export async function floorReply(url: string, plan: ReplyPlan, timeoutMs: number): Promise<StreamRun> {
  // A UUID-shaped id, as the product's completion ids: the hub's keys and the mock's tap take it as it is.
  const run: StreamRun = { tag: plan.tag, requestId: randomUUID(), start: nowMs(), tokens: [] };
  return postMessages(url, run, plan, timeoutMs, replyEventReader(run));
}

/** Records the product's reply events (as the product and the floor send them) into `run`. */
function replyEventReader(run: StreamRun, onFirstToken?: () => void) {
  return (event: SseEvent) => {
    if (event.event === "accepted") run.postEnd = event.at;
    else if (event.event === "token") {
      run.tokens.push({ at: event.at, text: (JSON.parse(event.data) as { text: string }).text });
      if (run.tokens.length === 1) onFirstToken?.();
    } else if (event.event !== "message") {
      run.terminal = event.event;
      if (event.event === "error") run.error = `error event: ${event.data}`;
    }
  };
}

/** How the benchmark's client sends to the product (`--product-send`). */
export type SendWay = "stream" | "form";

export class ProductClient {
  constructor(
    private readonly baseUrl: string,
    private readonly send: SendWay = "stream",
  ) {}

  /** Signs a new user up and returns the session cookie (`rogue_session=...`). */
  async signup(email: string, timeoutMs: number): Promise<string> {
    const body = new URLSearchParams({
      name: "Bench",
      email,
      password: "bench-password-1",
      redirectTo: "/chat",
    });
    const response = await fetchText(`${this.baseUrl}/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
      timeoutMs,
    });
    const cookies = response.headers["set-cookie"] ?? [];
    const session = cookies
      .map((cookie) => cookie.split(";")[0]!)
      .find((c) => c.startsWith("rogue_session="));
    if (response.status !== 302 || !session) {
      throw new Error(`sign-up of ${email} answered ${response.status}: ${response.body.slice(0, 200)}`);
    }
    return session;
  }

  /**
   * Sends one message in a new chat and reads its reply's event stream to the end: from the send's own answer
   * (the chat page's way), or by the form's POST and then the stream's GET (without JavaScript).
   */
  async reply(
    cookie: string,
    plan: ReplyPlan,
    timeoutMs: number,
    onFirstToken?: () => void,
  ): Promise<StreamRun> {
    const requestId = randomUUID();
    const run: StreamRun = { tag: plan.tag, requestId, start: nowMs(), tokens: [] };
    const form = new URLSearchParams({
      intent: "send",
      content: directiveMessage(plan),
      requestId,
    }).toString();
    const formHeaders = { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" };
    if (this.send === "stream") {
      await this.readReply(
        run,
        `${this.baseUrl}/api/chat-send`,
        { method: "POST", headers: formHeaders, body: form, timeoutMs },
        onFirstToken,
      );
      return run;
    }
    try {
      const post = await fetchText(`${this.baseUrl}/chat?index`, {
        method: "POST",
        headers: formHeaders,
        body: form,
        timeoutMs,
      });
      run.postEnd = nowMs();
      if (post.status !== 302)
        throw new Error(`POST /chat answered ${post.status}: ${post.body.slice(0, 200)}`);
    } catch (error) {
      run.error = (error as Error).message;
      return run;
    }
    const remaining = Math.max(1, timeoutMs - (nowMs() - run.start));
    await this.readReply(
      run,
      `${this.baseUrl}/api/completions/${requestId}/stream`,
      { method: "GET", headers: { Cookie: cookie }, timeoutMs: remaining },
      onFirstToken,
    );
    return run;
  }

  /** Reads a reply's event stream into `run`; a send's stream says when it was accepted (`postEnd`). */
  private async readReply(run: StreamRun, url: string, init: RequestInit, onFirstToken?: () => void) {
    await readRun(run, url, init, replyEventReader(run, onFirstToken));
  }
}
