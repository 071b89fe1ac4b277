import { describe, expect, it } from "vitest";
import { sseEvent } from "./relay.server";

describe("an SSE event", () => {
  it("carries the entry id and JSON data, so newlines in text cannot break the framing", () => {
    expect(sseEvent("5-1", { type: "token", text: "a\nb\r\n\n: not a comment" })).toBe(
      'id: 5-1\nevent: token\ndata: {"text":"a\\nb\\r\\n\\n: not a comment"}\n\n',
    );
  });

  it("turns a failure code into the catalogue's message", () => {
    expect(sseEvent("7-0", { type: "error", code: "timeout" })).toContain(
      '"message":"Request timed out after 30 seconds"',
    );
    const failed = sseEvent("7-0", {
      type: "error",
      code: "http",
      status: 502,
      detail: "upstream db-7 down",
    });
    expect(failed).toContain("API error (502): the AI service failed to answer");
    expect(failed).not.toContain("db-7");
  });
});
