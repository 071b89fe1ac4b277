import { describe, expect, it } from "vitest";
import { routerBusy, type RouterActivity } from "./live-events";

const idle: RouterActivity = { navigation: { state: "idle" }, revalidation: "idle", fetchers: [] };

describe("the live reload waits for the router", () => {
  it("waits while a navigation submits or loads (the load after a save carries its toast)", () => {
    expect(routerBusy({ ...idle, navigation: { state: "submitting" } })).toBe(true);
    expect(routerBusy({ ...idle, navigation: { state: "loading" } })).toBe(true);
  });

  it("waits while a revalidation or any fetcher is under way", () => {
    expect(routerBusy({ ...idle, revalidation: "loading" })).toBe(true);
    const fetchers = [{ state: "idle" }, { state: "loading" }];
    expect(routerBusy({ ...idle, fetchers })).toBe(true);
  });

  it("reloads at once when nothing is under way, or when there is no router to ask", () => {
    expect(routerBusy(idle)).toBe(false);
    expect(routerBusy({ ...idle, fetchers: [{ state: "idle" }] })).toBe(false);
    expect(routerBusy(undefined)).toBe(false);
  });
});
