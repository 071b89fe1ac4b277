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

  it("resumes from the start when either part is outside Redis's 0…2^64−1 range", () => {
    expect(resumePoint("18446744073709551615-18446744073709551615")).toBe(
      "18446744073709551615-18446744073709551615",
    );
    for (const bad of ["18446744073709551616-0", "0-18446744073709551616", "99999999999999999999-1"])
      expect(resumePoint(bad)).toBe("0-0");
  });
});
