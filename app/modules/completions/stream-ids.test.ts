import { describe, expect, it } from "vitest";
import { compareStreamIds, resumePoint } from "./stream-ids";

describe("stream ids", () => {
  it("orders by time, then sequence, numerically", () => {
    expect(compareStreamIds("9-0", "10-0")).toBe(-1);
    expect(compareStreamIds("10-2", "10-10")).toBe(-1);
    expect(compareStreamIds("10-1", "10-1")).toBe(0);
    expect(compareStreamIds("1795305892707-1", "1795305892707-0")).toBe(1);
  });

  it("resumes from a valid Last-Event-ID and from the start otherwise", () => {
    expect(resumePoint("1795305892707-1")).toBe("1795305892707-1");
    for (const bad of [null, undefined, "", "abc", "1-2-3", "1-", "$", "+", "0-1; DROP"])
      expect(resumePoint(bad)).toBe("0-0");
  });
});
