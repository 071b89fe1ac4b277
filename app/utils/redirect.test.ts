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
    "/.//evil.example",
    "/a/..//evil.example",
    "/./\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n//evil.example",
    " //evil.example",
    "\\/evil.example",
    "/../..//evil.example/x",
    "/chat/../..//evil.example",
  ])("replaces the unsafe target %j with the fallback", (target) => {
    const result = safeRedirect(target, "/fallback");
    expect(result.startsWith("/") && !result.startsWith("//") && !result.startsWith("/\\")).toBe(true);
    // As a browser would resolve the Location header, from a page on this site.
    expect(new URL(result, "http://x/some/page").origin).toBe("http://x");
  });

  it("falls back when no target is given", () => {
    expect(safeRedirect(null, "/chat")).toBe("/chat");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
