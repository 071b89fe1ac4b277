import { describe, expect, it } from "vitest";
import { compareStreamIds, isStreamId, resumeOffset } from "./stream-ids";

describe("stream ids", () => {
  it("orders by time, then sequence, numerically", () => {
    expect(compareStreamIds("9-0", "10-0")).toBe(-1);
    expect(compareStreamIds("10-2", "10-10")).toBe(-1);
    expect(compareStreamIds("10-1", "10-1")).toBe(0);
    expect(compareStreamIds("1795305892707-1", "1795305892707-0")).toBe(1);
  });

  it("takes only ids Redis accepts: the pattern, and both parts within 0…2^64−1", () => {
    expect(isStreamId("1795305892707-1")).toBe(true);
    expect(isStreamId("18446744073709551615-18446744073709551615")).toBe(true);
    for (const bad of ["", "abc", "1-2-3", "1-", "$", "+", "0-1; DROP"]) expect(isStreamId(bad)).toBe(false);
    for (const bad of ["18446744073709551616-0", "0-18446744073709551616", "99999999999999999999-1"])
      expect(isStreamId(bad)).toBe(false);
  });
});

describe("resume offsets", () => {
  it("resumes from a whole-number Last-Event-ID and from the start otherwise", () => {
    expect(resumeOffset("0")).toBe(0);
    expect(resumeOffset("42")).toBe(42);
    expect(resumeOffset("999999999999999")).toBe(999_999_999_999_999);
    for (const bad of [null, undefined, "", "abc", "-1", "1.5", "1795305892707-1", "1e3", "9999999999999999"])
      expect(resumeOffset(bad)).toBe(0);
  });
});
