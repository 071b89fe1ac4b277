import { describe, expect, it } from "vitest";
import { mayReadMetrics, routeLabel } from "./metrics";

describe("route labels for request metrics", () => {
  it("folds ids, assets and unknown paths so the number of series stays small", () => {
    expect(routeLabel("/chat/0194d0c2-7a3e-7b41-9c1d-2f3a4b5c6d7e", 200)).toBe("/chat/:id");
    expect(routeLabel("/api/completions/0194d0c2-7a3e-7b41-9c1d-2f3a4b5c6d7e/stream", 200)).toBe(
      "/api/completions/:id/stream",
    );
    expect(routeLabel("/assets/entry.client-C0ffee.js", 200)).toBe("/assets/*");
    expect(routeLabel("/wp-admin/setup.php", 404)).toBe("unmatched");
    expect(routeLabel("/chat", 302)).toBe("/chat");
    expect(routeLabel("/chat/0194d0c2-7a3e-7b41-9c1d-2f3a4b5c6d7e.data", 200)).toBe("/chat/:id.data");
  });
});

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
