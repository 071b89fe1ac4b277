import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each(["/chat", "/chat/abc?x=1#y", "/pricing?selected=professional"])(
    "keeps the same-site path %s",
    (target) => {
      expect(safeRedirect(target, "/fallback")).toBe(target);
    },
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/chat",
    "javascript:alert(1)",
    "chat",
    "",
    "/\tevil",
    "/%0d%0aSet-Cookie:x",
  ])("replaces the unsafe target %j with the fallback", (target) => {
    const result = safeRedirect(target, "/fallback");
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    expect(result === "/fallback" || new URL(result, "http://x").origin === "http://x").toBe(true);
  });

  it("falls back when no target is given", () => {
    expect(safeRedirect(null, "/chat")).toBe("/chat");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
