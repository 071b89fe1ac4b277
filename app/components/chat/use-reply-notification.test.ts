import { afterEach, describe, expect, it, vi } from "vitest";
import {
  excerpt,
  NOTIFICATION_BODY_LENGTH,
  notificationBody,
  notifyReplyEnd,
} from "./use-reply-notification";

describe("excerpt", () => {
  it("keeps a short text whole, on one line", () => {
    expect(excerpt("  Hello,\n\nworld.  ")).toBe("Hello, world.");
  });

  it("keeps a text of exactly the limit whole", () => {
    const text = "x".repeat(NOTIFICATION_BODY_LENGTH);
    expect(excerpt(text)).toBe(text);
  });

  it("cuts a long text at the limit, on a whole word, with an ellipsis", () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const result = excerpt(text);
    expect(result.length).toBeLessThanOrEqual(NOTIFICATION_BODY_LENGTH);
    expect(result.endsWith("…")).toBe(true);
    const words = result.slice(0, -1).split(" ");
    expect(words.every((word, i) => word === `word${i}`)).toBe(true);
    expect(result.length).toBeGreaterThan(NOTIFICATION_BODY_LENGTH * 0.6);
  });

  it("cuts a text without spaces mid-word rather than leaving it nearly empty", () => {
    expect(excerpt("a".repeat(300), 10)).toBe(`${"a".repeat(9)}…`);
    expect(excerpt(`ab ${"c".repeat(300)}`, 10)).toBe(`ab ${"c".repeat(6)}…`);
  });

  it("never splits a character made of two UTF-16 units", () => {
    expect(excerpt("😀".repeat(200), 10)).toBe(`${"😀".repeat(9)}…`);
  });
});

describe("notificationBody", () => {
  it("is the start of a finished reply", () => {
    expect(notificationBody({ status: "ready", stopped: false, text: "The answer is 42." })).toBe(
      "The answer is 42.",
    );
    expect(notificationBody({ status: "ready", stopped: true, text: "Partial" })).toBe("Partial");
  });

  it("is the error message for a failed reply, not the partial text", () => {
    expect(
      notificationBody({ status: "error", stopped: false, text: "Half a", error: "API error (500)" }),
    ).toBe("API error (500)");
  });

  it("says what happened when the reply has no text", () => {
    expect(notificationBody({ status: "ready", stopped: false, text: " " })).toBe("The reply is ready.");
    expect(notificationBody({ status: "ready", stopped: true, text: "" })).toBe("The reply was stopped.");
  });
});

describe("notifyReplyEnd", () => {
  /** A hidden tab whose browser grants notifications; what it was asked to show. */
  function hiddenTab() {
    const shown: { title: string; body?: string; tag?: string }[] = [];
    class RecordingNotification {
      static permission = "granted";
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, body: options.body, tag: options.tag });
      }
    }
    vi.stubGlobal("document", { visibilityState: "hidden" });
    vi.stubGlobal("Notification", RecordingNotification);
    vi.stubGlobal("window", { Notification: RecordingNotification });
    return shown;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("tells of a reply's end once, however often its bubble mounts again", () => {
    const shown = hiddenTab();
    const done = { status: "ready", stopped: false, text: "All set." } as const;
    notifyReplyEnd("c-once", { status: "streaming", stopped: false, text: "All" }, true);
    expect(shown).toEqual([]);
    notifyReplyEnd("c-once", done, true);
    notifyReplyEnd("c-once", { ...done }, true);
    notifyReplyEnd("c-other", done, true);
    expect(shown).toEqual([
      { title: "Rogue AI", body: "All set.", tag: "c-once" },
      { title: "Rogue AI", body: "All set.", tag: "c-other" },
    ]);
  });

  it("does not tell of an end seen while notifications were off", () => {
    const shown = hiddenTab();
    const done = { status: "ready", stopped: false, text: "Quiet." } as const;
    notifyReplyEnd("c-off", done, false);
    notifyReplyEnd("c-off", done, true);
    expect(shown).toEqual([]);
  });
});
