import { describe, expect, it } from "vitest";
import { parseStreamFields, redisConnectionOptions, streamFields } from "./jobs";

describe("the job contract", () => {
  it("round-trips stream entries through Redis's flat field lists", () => {
    const entry = { type: "error" as const, code: "http" as const, status: 502, detail: "Bad gateway" };
    expect(parseStreamFields(streamFields(entry))).toEqual(entry);
    expect(parseStreamFields(streamFields({ type: "token", text: "" }))).toEqual({ type: "token", text: "" });
  });

  it("rejects an entry it does not know", () => {
    expect(() => parseStreamFields(["type", "surprise"])).toThrow();
  });

  it("connects to TCP, TLS and unix-socket Redis URLs", () => {
    expect(redisConnectionOptions("redis://:p%40ss@10.0.0.5:6380/2")).toMatchObject({
      host: "10.0.0.5",
      port: 6380,
      password: "p@ss",
      db: 2,
    });
    expect(redisConnectionOptions("rediss://cache.example")).toMatchObject({ port: 6379, tls: {} });
    expect(redisConnectionOptions("unix:///tmp/r/redis.sock")).toEqual({ path: "/tmp/r/redis.sock", db: 0 });
  });
});
