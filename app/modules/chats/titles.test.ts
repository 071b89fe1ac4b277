import { describe, expect, it } from "vitest";
import { chatTitleFrom } from "./titles";

describe("a chat's title", () => {
  it("is the whole first message when it has 30 characters or fewer", () => {
    expect(chatTitleFrom("Plan a trip to Lisbon")).toBe("Plan a trip to Lisbon");
    expect(chatTitleFrom("x".repeat(30))).toBe("x".repeat(30));
  });

  it("is the first 30 characters plus '...' when longer", () => {
    expect(chatTitleFrom("Explain quantum computing to a ten year old")).toBe(
      "Explain quantum computing to a...",
    );
  });

  it("counts characters, not UTF-16 units, so emoji are never cut in half", () => {
    expect(chatTitleFrom("🙂".repeat(31))).toBe(`${"🙂".repeat(30)}...`);
  });

  it("folds white space and trims", () => {
    expect(chatTitleFrom("  hello\n\n  world  ")).toBe("hello world");
  });
});
