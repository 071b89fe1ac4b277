import { describe, expect, it } from "vitest";
import { en } from "../i18n/resources";
import { quickActionRequest } from "./quick-action-request";
import { lockedQuickActions, QUICK_ACTIONS, quickActionOf, splitSystemPrefix } from "./quick-actions";

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
});

describe("a quick action", () => {
  it("asks with the role instruction as the system message and only the request as the user's words", () => {
    for (const key of Object.keys(QUICK_ACTIONS) as (keyof typeof QUICK_ACTIONS)[]) {
      expect(quickActionRequest(key)).toEqual({
        system: QUICK_ACTIONS[key].instruction,
        content: en.chat.quickActions.requests[key],
      });
    }
    expect(quickActionRequest("code").content).toBe("Help me write some code.");
  });

  it("is known by its instruction, and a user's own instruction is no chip's", () => {
    expect(quickActionOf(QUICK_ACTIONS.image.instruction)).toBe("image");
    expect(quickActionOf("Answer in French.")).toBeNull();
  });
});

describe("the chips a plan locks", () => {
  it("are those whose own model the plan does not allow", () => {
    expect(lockedQuickActions((id) => id !== QUICK_ACTIONS.image.modelId)).toEqual(["image"]);
    expect(lockedQuickActions(() => true)).toEqual([]);
  });

  it("leave a chip whose model is not in the catalogue (the default model answers it)", () => {
    expect(lockedQuickActions(() => null)).toEqual([]);
  });
});
