import { describe, expect, it } from "vitest";
import { ConfigError } from "#platform/env";
import { loadWebEnv } from "./env.server";

const trustProxy = (value: string | undefined) =>
  loadWebEnv({ TRUST_PROXY: value, APP_SECRET: "s".repeat(32), DATA_DIR: "/tmp/rogue-env-unused" })
    .trustProxy;

function problems(value: string): string[] {
  try {
    trustProxy(value);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("TRUST_PROXY", () => {
  it("trusts nobody by default", () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy("0")).toBe(false);
    expect(trustProxy("false")).toBe(false);
  });

  it("takes a number of proxies in front", () => {
    expect(trustProxy("1")).toBe(1);
    expect(trustProxy("2")).toBe(2);
  });

  it("takes proxies' addresses, ranges and proxy-addr's named ranges", () => {
    expect(trustProxy("10.0.0.5, 192.168.0.0/16,fd00::/8 , loopback")).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses true, which would trust the address a client writes, and anything not an address", () => {
    expect(problems("true")).toEqual([
      expect.stringMatching(/^TRUST_PROXY: true would take any X-Forwarded-For/),
    ]);
    expect(problems("10.0.0.300")).toEqual([expect.stringContaining("not 10.0.0.300")]);
    expect(problems("10.0.0.0/33, proxy.local")).toEqual([
      expect.stringContaining("not 10.0.0.0/33, proxy.local"),
    ]);
  });
});
