import { describe, expect, it } from "vitest";
import { QUICK_ACTIONS, quickActionMessage, splitSystemPrefix } from "./quick-actions";

describe("a [SYSTEM: ...] prefix", () => {
  it("splits into a system instruction and the user's text when a blank line follows it", () => {
    expect(splitSystemPrefix("[SYSTEM: Be a pirate.]\n\nTell me about ships")).toEqual({
      system: "Be a pirate.",
      user: "Tell me about ships",
    });
    expect(splitSystemPrefix("[SYSTEM: multi\nline]\r\n\r\nhi")).toEqual({
      system: "multi\nline",
      user: "hi",
    });
  });

  it("is ordinary text without the blank line, without user text, or not at the start", () => {
    for (const text of [
      "[SYSTEM: x]\nhello",
      "[SYSTEM: x]\n\n   ",
      "hello [SYSTEM: x]\n\nthere",
      "[SYSTEM: ]\n\nhi",
    ]) {
      expect(splitSystemPrefix(text)).toEqual({ system: null, user: text });
    }
  });

  it("is how every quick action starts its chat", () => {
    for (const key of Object.keys(QUICK_ACTIONS) as (keyof typeof QUICK_ACTIONS)[]) {
      const { system, user } = splitSystemPrefix(quickActionMessage(key));
      expect(system).toBe(QUICK_ACTIONS[key].instruction);
      expect(user).toBe(`I want to ${QUICK_ACTIONS[key].label.toLowerCase()}. Please help me.`);
    }
  });
});
