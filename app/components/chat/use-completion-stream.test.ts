import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followReply, isFollowing } from "./use-completion-stream";

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
