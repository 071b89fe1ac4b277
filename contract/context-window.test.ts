import { describe, expect, it } from "vitest";
import {
  countContentTokens,
  fitEarlierTurns,
  MESSAGE_OVERHEAD_TOKENS,
  messageTokens,
  PromptWindow,
} from "./context-window";
import { promptBudget } from "./model-window";

/** The stored count of a message that takes exactly `tokens` of a window with its overhead. */
const ofTokens = (tokens: number) => tokens - MESSAGE_OVERHEAD_TOKENS;

describe("the context window", () => {
  it("counts a message's tokens with a real tokenizer, plus the chat format's overhead", async () => {
    expect(countContentTokens("Hello, world!")).toBe(4);
    // " a" is one o200k token.
    expect(countContentTokens("a" + " a".repeat(49))).toBe(50);
    expect(messageTokens(countContentTokens("Hello, world!"))).toBe(4 + MESSAGE_OVERHEAD_TOKENS);
  });

  it("keeps the request's max_tokens for the reply, or the model's reserve when it gives none", () => {
    const window = { contextWindow: 8192, replyReserve: 1024 };
    expect(promptBudget(window, null)).toBe(7168);
    expect(promptBudget(window, 100)).toBe(8092);
  });

  it("keeps the system message and the question, then the newest earlier turns that fit", () => {
    // 100 for the system message and the question leaves 100: the two newest turns of 40, not the third.
    expect(
      fitEarlierTurns(200, [ofTokens(50), ofTokens(50)], [ofTokens(40), ofTokens(40), ofTokens(40)]),
    ).toEqual({ fits: true, kept: 2 });
  });

  it("takes every earlier turn when all fit", () => {
    expect(fitEarlierTurns(1000, [ofTokens(50)], [ofTokens(40), ofTokens(40)])).toEqual({
      fits: true,
      kept: 2,
    });
  });

  it("leaves a turn out whole, and everything before it, even when an older one would fit", () => {
    // 60 left: the newest (30) fits, the next (40) does not, so the older small one (10) is left out as well.
    expect(fitEarlierTurns(110, [ofTokens(50)], [ofTokens(30), ofTokens(40), ofTokens(10)])).toEqual({
      fits: true,
      kept: 1,
    });
  });

  it("counts a turn that fits exactly", () => {
    expect(fitEarlierTurns(100, [ofTokens(50)], [ofTokens(50), ofTokens(10)])).toEqual({
      fits: true,
      kept: 1,
    });
  });

  it("refuses a question that alone does not fit, the system message counted with it", () => {
    expect(fitEarlierTurns(100, [ofTokens(50), ofTokens(51)], [])).toEqual({ fits: false, kept: 0 });
    expect(new PromptWindow(100, [ofTokens(50), ofTokens(50)]).fits).toBe(true);
  });

  it("says when it is full, so a reader of older turns can stop", () => {
    const window = new PromptWindow(100, [ofTokens(50)]);
    expect(window.take(ofTokens(30))).toBe(true);
    expect(window.isFull).toBe(false);
    expect(window.take(ofTokens(30))).toBe(false);
    expect(window.isFull).toBe(true);
    expect(window.take(ofTokens(5))).toBe(false);
  });
});
