import { describe, expect, it } from "vitest";
import { excerpt, NOTIFICATION_BODY_LENGTH, notificationBody } from "./use-reply-notification";

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
    expect(notificationBody({ status: "done", text: "The answer is 42." })).toBe("The answer is 42.");
    expect(notificationBody({ status: "stopped", text: "Partial" })).toBe("Partial");
  });

  it("is the error message for a failed reply, not the partial text", () => {
    expect(notificationBody({ status: "error", text: "Half a", message: "API error (500)" })).toBe(
      "API error (500)",
    );
  });

  it("says what happened when the reply has no text", () => {
    expect(notificationBody({ status: "done", text: " " })).toBe("The reply is ready.");
    expect(notificationBody({ status: "stopped", text: "" })).toBe("The reply was stopped.");
  });
});
