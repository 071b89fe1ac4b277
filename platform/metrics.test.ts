import { describe, expect, it } from "vitest";
import { mayReadMetrics } from "./metrics";

describe("who may read /metrics", () => {
  const token = "a-long-metrics-token";

  it("lets loopback callers read, others only with the token", () => {
    expect(mayReadMetrics("127.0.0.1", undefined, undefined)).toBe(true);
    expect(mayReadMetrics("::1", undefined, undefined)).toBe(true);
    expect(mayReadMetrics("10.0.0.7", undefined, undefined)).toBe(false);
    expect(mayReadMetrics("10.0.0.7", undefined, token)).toBe(false);
    expect(mayReadMetrics("10.0.0.7", "Bearer wrong-metrics-token!", token)).toBe(false);
    expect(mayReadMetrics("10.0.0.7", `Bearer ${token}`, token)).toBe(true);
  });
});
