import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ACCEPTED, streamedAnswer, token } from "#tests/support/sse";
import {
  followReply,
  isFollowing,
  onFollowingChange,
  replyStarted,
  sendAndFollow,
} from "./use-completion-stream";

/** A stand-in EventSource that records what the page opened and closed. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  readonly listeners = new Map<string, (event: { data?: string }) => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
}

describe("following a reply's stream", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens one stream per reply however often the page asks", () => {
    followReply("reply-a");
    followReply("reply-a");
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(["/api/completions/reply-a/stream"]);
    expect(isFollowing("reply-a")).toBe(true);
  });

  it("closes a stream nobody shows after 5 s, so a later page opens it afresh", () => {
    followReply("reply-b");
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.opened[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    expect(isFollowing("reply-b")).toBe(false);
    followReply("reply-b");
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("closes the stream when the reply ends", () => {
    followReply("reply-c");
    const source = FakeEventSource.opened[0]!;
    source.listeners.get("token")!({ data: JSON.stringify({ text: "Hi" }) });
    expect(source.closed).toBe(false);
    source.listeners.get("done")!({ data: JSON.stringify({ messageId: "m" }) });
    expect(source.closed).toBe(true);
  });
});

/** Lets the reader take what was written (it reads on the microtask queue and the stream's own steps). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a send answered with its reply's stream", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  const sendWith = (answer: Response, completionId: string) => {
    const fetch = vi.fn(() => Promise.resolve(answer));
    vi.stubGlobal("fetch", fetch);
    return { sent: sendAndFollow("/api/chat-send", new FormData(), completionId), fetch };
  };

  it("resolves with the chat's page once accepted, follows the reply, and needs no second request", async () => {
    const answer = streamedAnswer();
    const { sent, fetch } = sendWith(answer.response, "sent-a");
    answer.write(ACCEPTED);
    await expect(sent).resolves.toEqual({ location: "/chat/c1" });
    expect(fetch).toHaveBeenCalledWith(
      "/api/chat-send",
      expect.objectContaining({ method: "POST", headers: { Accept: "text/event-stream" } }),
    );
    expect(isFollowing("sent-a")).toBe(true);
    answer.write(token(2, "Hi") + `id: 2\nevent: done\ndata: ${JSON.stringify({ messageId: "m" })}\n\n`);
    answer.end();
    await settle();
    expect(FakeEventSource.opened).toEqual([]);
  });

  it("reads the rest from where the answer broke, over an EventSource", async () => {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-b");
    answer.write(ACCEPTED + token(5, "Hello") + token(11, " world"));
    await sent;
    answer.cut();
    await settle();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      "/api/completions/sent-b/stream?lastEventId=11",
    ]);
  });

  it("says when the reply's first text has been painted, so the page goes on to the chat only then", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-e");
    answer.write(ACCEPTED);
    await sent;
    let started = false;
    const waiting = replyStarted("sent-e", 60_000).then(() => (started = true));
    await settle();
    expect(started).toBe(false);
    answer.write(token(5, "Hello"));
    await settle();
    // The text is in the page, but its frame has not been painted yet.
    expect(started).toBe(false);
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames.splice(0)) frame(performance.now());
    await waiting;
    expect(started).toBe(true);
  });

  it("waits for the paint of a first text that came with the acceptance", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-g");
    answer.write(ACCEPTED + token(5, "Hello"));
    await sent;
    await settle();
    let started = false;
    const waiting = replyStarted("sent-g", 60_000).then(() => (started = true));
    await settle();
    expect(started).toBe(false);
    for (const frame of frames.splice(0)) frame(performance.now());
    await waiting;
    expect(started).toBe(true);
  });

  /** A send accepted with no token yet, and a spy told when the page is to show its reply. */
  async function acceptedSend(completionId: string) {
    const shown = vi.fn();
    onTestFinished(onFollowingChange(shown));
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, completionId);
    answer.write(ACCEPTED);
    await sent;
    return { shown, answer };
  }

  it("shows the sent reply together with its first token, not at the acceptance before it", async () => {
    const { shown, answer } = await acceptedSend("sent-h");
    await settle();
    expect(shown).not.toHaveBeenCalled();
    answer.write(token(5, "Hello"));
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
  });

  it("shows a sent reply whose first token is slow a moment after the acceptance", async () => {
    const { shown } = await acceptedSend("sent-i");
    expect(shown).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
  });

  it("stops waiting for a first text that is slow to come", async () => {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-f");
    answer.write(ACCEPTED);
    await sent;
    const before = Date.now();
    await replyStarted("sent-f", 50);
    expect(Date.now() - before).toBeGreaterThanOrEqual(45);
    expect(isFollowing("sent-f")).toBe(true);
  });

  it("hands back an answer that is not a stream (a refusal), following nothing", async () => {
    const refusal = Response.json({ error: { content: ["Message is required"] } }, { status: 400 });
    const { sent } = sendWith(refusal, "sent-c");
    await expect(sent).resolves.toBe(refusal);
    expect(isFollowing("sent-c")).toBe(false);
  });

  it("fails when the answer ends before the send was accepted", async () => {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-d");
    answer.write(": open\n\n");
    answer.cut();
    await expect(sent).rejects.toThrow("before it was accepted");
    expect(FakeEventSource.opened).toEqual([]);
    expect(isFollowing("sent-d")).toBe(false);
  });
});
