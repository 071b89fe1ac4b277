import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCEPTED, streamedAnswer, token } from "#tests/support/sse";
import { followReply, forgetReply, replyNow, replyStarted, sendReply } from "./reply-store";

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

const done = (offset: number) =>
  `id: ${offset}\nevent: done\ndata: ${JSON.stringify({ messageId: "m" })}\n\n`;
const failure = (message: string) =>
  `event: error\ndata: ${JSON.stringify({ code: "vendor_error", message })}\n\n`;

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
    expect(replyNow("reply-a")).toEqual({ status: "streaming", text: "", stopped: false });
  });

  it("closes a stream nobody shows after 5 s, so a later page opens it afresh", () => {
    followReply("reply-b");
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.opened[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    expect(replyNow("reply-b")).toBeUndefined();
    followReply("reply-b");
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.closed).toBe(false);
  });

  it("gathers the reply's text and closes the stream when the reply ends", () => {
    followReply("reply-c");
    const source = FakeEventSource.opened[0]!;
    source.listeners.get("token")!({ data: JSON.stringify({ text: "Hi" }) });
    source.listeners.get("token")!({ data: JSON.stringify({ text: " there" }) });
    expect(source.closed).toBe(false);
    expect(replyNow("reply-c")).toMatchObject({ status: "streaming", text: "Hi there" });
    source.listeners.get("done")!({ data: JSON.stringify({ messageId: "m" }) });
    expect(source.closed).toBe(true);
    expect(replyNow("reply-c")).toMatchObject({ status: "ready", text: "Hi there", stopped: false });
  });

  it("marks a stopped reply ready and stopped", () => {
    followReply("reply-stopped");
    const source = FakeEventSource.opened[0]!;
    source.listeners.get("stopped")!({ data: JSON.stringify({ messageId: "m" }) });
    expect(source.closed).toBe(true);
    expect(replyNow("reply-stopped")).toMatchObject({ status: "ready", stopped: true });
  });

  it("fails the reply with the server's message on an error event, and leaves a dropped connection to retry", () => {
    followReply("reply-d");
    const source = FakeEventSource.opened[0]!;
    // A dropped connection carries no data: EventSource retries it by itself.
    source.listeners.get("error")!({});
    expect(source.closed).toBe(false);
    expect(replyNow("reply-d")!.status).toBe("streaming");
    source.listeners.get("error")!({ data: JSON.stringify({ code: "vendor_error", message: "It broke" }) });
    expect(source.closed).toBe(true);
    expect(replyNow("reply-d")).toMatchObject({ status: "error", error: "It broke" });
  });
});

/** Lets the reader take what was written (it reads on the microtask queue and the stream's own steps). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a send answered with its reply's stream", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const sendWith = (answer: Response, completionId: string, form = new FormData()) => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(answer));
    vi.stubGlobal("fetch", fetch);
    return { sent: sendReply("/api/chat-send", form, completionId), fetch };
  };

  it("resolves with the chat's page once accepted, follows the reply, and needs no second request", async () => {
    const form = new FormData();
    form.set("content", "Hello\nworld");
    const answer = streamedAnswer();
    const { sent, fetch } = sendWith(answer.response, "sent-a", form);
    expect(replyNow("sent-a")).toEqual({ status: "submitted", text: "", stopped: false, question: form });
    answer.write(ACCEPTED);
    await expect(sent).resolves.toEqual({ location: "/chat/c1" });
    expect(fetch).toHaveBeenCalledExactlyOnceWith(
      "/api/chat-send",
      expect.objectContaining({ method: "POST", headers: { Accept: "text/event-stream" } }),
    );
    // URL-encoded as Remix sends a form, so the line break stays a lone LF.
    expect(String(fetch.mock.calls[0]![1].body)).toBe("content=Hello%0Aworld");
    expect(replyNow("sent-a")!.status).toBe("streaming");
    answer.write(token(2, "Hi"));
    await settle();
    expect(replyNow("sent-a")).toMatchObject({ status: "streaming", text: "Hi" });
    answer.write(done(2));
    answer.end();
    await settle();
    expect(replyNow("sent-a")).toMatchObject({ status: "ready", text: "Hi", stopped: false });
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
    const source = FakeEventSource.opened[0]!;
    source.listeners.get("token")!({ data: JSON.stringify({ text: "!" }) });
    source.listeners.get("done")!({ data: JSON.stringify({ messageId: "m" }) });
    expect(replyNow("sent-b")).toMatchObject({ status: "ready", text: "Hello world!" });
    expect(source.closed).toBe(true);
  });

  it("closes an accepted send's answer nobody shows after 5 s, reading nothing more", async () => {
    const answer = streamedAnswer();
    vi.useFakeTimers();
    const { sent, fetch } = sendWith(answer.response, "sent-unwatched");
    answer.write(ACCEPTED);
    await sent;
    vi.advanceTimersByTime(4_999);
    expect(replyNow("sent-unwatched")!.status).toBe("streaming");
    vi.advanceTimersByTime(1);
    expect(replyNow("sent-unwatched")).toBeUndefined();
    expect(fetch.mock.calls[0]![1].signal!.aborted).toBe(true);
    vi.useRealTimers();
    await settle();
    // Closed on purpose: the rest is not read over an EventSource.
    expect(FakeEventSource.opened).toEqual([]);
  });

  it("fails the reply with the server's message on an error event in the answer, opening nothing after", async () => {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-error");
    answer.write(ACCEPTED + token(5, "Hello") + failure("The model is unavailable"));
    await sent;
    answer.end();
    await settle();
    expect(replyNow("sent-error")).toMatchObject({
      status: "error",
      text: "Hello",
      error: "The model is unavailable",
    });
    expect(FakeEventSource.opened).toEqual([]);
  });

  it("hands back a refusal and keeps the send, with its question, until it is forgotten", async () => {
    vi.useFakeTimers();
    const form = new FormData();
    form.set("content", "");
    const refusal = Response.json({ error: { content: ["Message is required"] } }, { status: 400 });
    const { sent } = sendWith(refusal, "sent-c", form);
    await expect(sent).resolves.toBe(refusal);
    // Not dropped as an unwatched reply would be: the page shows the question until it has shown the refusal.
    vi.advanceTimersByTime(60_000);
    expect(replyNow("sent-c")).toEqual({ status: "submitted", text: "", stopped: false, question: form });
    expect(FakeEventSource.opened).toEqual([]);
    forgetReply("sent-c");
    expect(replyNow("sent-c")).toBeUndefined();
  });

  it("fails, and drops the send, when the answer ends before the send was accepted", async () => {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-d");
    answer.write(": open\n\n");
    answer.cut();
    await expect(sent).rejects.toThrow("before it was accepted");
    expect(FakeEventSource.opened).toEqual([]);
    expect(replyNow("sent-d")).toBeUndefined();
  });

  it("fails, and drops the send, when the answer ends whole before the send was accepted", async () => {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-d2");
    answer.end();
    await expect(sent).rejects.toThrow("before it was accepted");
    expect(FakeEventSource.opened).toEqual([]);
    expect(replyNow("sent-d2")).toBeUndefined();
  });

  it("fails, and drops the send, when the request itself fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(sendReply("/api/chat-send", new FormData(), "sent-offline")).rejects.toThrow(
      "Failed to fetch",
    );
    expect(replyNow("sent-offline")).toBeUndefined();
  });

  it("follows a sent reply on its own answer: asking to follow it opens no EventSource", async () => {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-followed");
    followReply("sent-followed");
    answer.write(ACCEPTED);
    await sent;
    followReply("sent-followed");
    expect(FakeEventSource.opened).toEqual([]);
  });

  /** A send of `id` accepted with `first` (its events), and `replyStarted` waiting for it. */
  async function acceptedAndWaiting(id: string, first = "") {
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, id);
    answer.write(ACCEPTED + first);
    await sent;
    let resolved = false;
    const waiting = replyStarted(id, 60_000).then(() => {
      resolved = true;
    });
    return { answer, waiting, started: () => resolved };
  }

  /** Frames the page asked for, run by the test when it likes. */
  function frames() {
    const asked: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => asked.push(callback));
    return { asked, paint: () => asked.splice(0).forEach((frame) => frame(performance.now())) };
  }

  it("says when the reply's first text has been painted, so the page goes on to the chat only then", async () => {
    const { asked, paint } = frames();
    const { answer, waiting, started } = await acceptedAndWaiting("sent-e");
    await settle();
    expect(started()).toBe(false);
    expect(asked).toEqual([]);
    answer.write(token(5, "Hello"));
    await settle();
    // The text is in the page, but its frame has not been painted yet.
    expect(started()).toBe(false);
    expect(asked).toHaveLength(1);
    answer.write(token(11, " world"));
    await settle();
    // One wait for the paint, however many tokens arrive before it.
    expect(asked).toHaveLength(1);
    paint();
    await Promise.resolve();
    // The frame's callbacks run before its paint: the task queued from one runs after it.
    expect(started()).toBe(false);
    await waiting;
    expect(started()).toBe(true);
  });

  it("waits for the paint of a first text that came with the acceptance", async () => {
    const { paint } = frames();
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-g");
    answer.write(ACCEPTED + token(5, "Hello"));
    await sent;
    await settle();
    let started = false;
    const waiting = replyStarted("sent-g", 60_000).then(() => (started = true));
    await settle();
    expect(started).toBe(false);
    paint();
    await waiting;
    expect(started).toBe(true);
  });

  it("goes on once a reply that ends with no text is painted", async () => {
    const { asked, paint } = frames();
    const { answer, waiting, started } = await acceptedAndWaiting("sent-empty");
    await settle();
    expect(asked).toEqual([]);
    answer.write(`event: stopped\ndata: ${JSON.stringify({ messageId: "m" })}\n\n`);
    answer.end();
    await settle();
    expect(replyNow("sent-empty")).toMatchObject({ status: "ready", stopped: true, text: "" });
    expect(started()).toBe(false);
    paint();
    await waiting;
    expect(started()).toBe(true);
  });

  it("stops waiting for a first text that is slow to come", async () => {
    frames();
    const answer = streamedAnswer();
    const { sent } = sendWith(answer.response, "sent-f");
    answer.write(ACCEPTED);
    await sent;
    const before = Date.now();
    await replyStarted("sent-f", 50);
    expect(Date.now() - before).toBeGreaterThanOrEqual(45);
    expect(replyNow("sent-f")!.status).toBe("streaming");
  });

  it("does not wait for a reply the page does not follow", async () => {
    await expect(replyStarted("never-sent", 60_000)).resolves.toBeUndefined();
    expect(replyNow("never-sent")).toBeUndefined();
    expect(FakeEventSource.opened).toEqual([]);
  });
});
