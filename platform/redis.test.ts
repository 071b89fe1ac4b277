import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadSharedEnv } from "./env";
import { clusterTarget, isClusterUrl, redisConnectionOptions } from "./redis";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "rogue-redis-env-"));

describe("REDIS_URL naming one Redis server", () => {
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

describe("REDIS_URL naming a Redis Cluster", () => {
  it("reads seed nodes, credentials and TLS from redis+cluster:// and rediss+cluster://", () => {
    expect(isClusterUrl("redis+cluster://a:7000")).toBe(true);
    expect(isClusterUrl("redis://a:7000")).toBe(false);
    expect(clusterTarget("redis+cluster://10.0.0.1:7000,10.0.0.2:7001,[::1]:7002")).toEqual({
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "10.0.0.2", port: 7001 },
        { host: "::1", port: 7002 },
      ],
      nodeOptions: { username: undefined, password: undefined, tls: undefined },
    });
    expect(clusterTarget("rediss+cluster://ops:p%40ss:w@cache:6380").nodeOptions).toEqual({
      username: "ops",
      password: "p@ss:w",
      tls: {},
    });
  });

  it("puts the queue prefix in braces on a cluster only, so each queue's keys share a hash slot", () => {
    const base = { DATA_DIR: dataDir(), QUEUE_PREFIX: "rogue" };
    expect(loadSharedEnv({ ...base, REDIS_URL: "redis+cluster://127.0.0.1:7000" }).queuePrefix).toBe(
      "{rogue}",
    );
    expect(loadSharedEnv({ ...base, REDIS_URL: "redis://127.0.0.1:6379" }).queuePrefix).toBe("rogue");
  });

  it("refuses a cluster URL without host:port nodes or with a database", () => {
    for (const url of ["redis+cluster://cache", "redis+cluster://a:1,b", "redis+cluster://a:1/2"]) {
      expect(() => loadSharedEnv({ DATA_DIR: dataDir(), REDIS_URL: url })).toThrow(ConfigError);
    }
  });
});
