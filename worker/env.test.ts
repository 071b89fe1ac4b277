import { describe, expect, it } from "vitest";
import { ConfigError } from "#platform/env";
import { loadWorkerEnv } from "./env";

const base = { APP_SECRET: "x".repeat(32), DATA_DIR: "/tmp/rogue-worker-env-test" };

describe("worker settings", () => {
  it("runs 200 replies at once unless told otherwise", () => {
    expect(loadWorkerEnv(base).concurrency).toBe(200);
    expect(loadWorkerEnv({ ...base, WORKER_CONCURRENCY: "1000" }).concurrency).toBe(1000);
  });

  it.each(["0", "-3", "2.5", "many"])("refuses WORKER_CONCURRENCY=%s with the setting's name", (value) => {
    expect(() => loadWorkerEnv({ ...base, WORKER_CONCURRENCY: value })).toThrow(ConfigError);
    expect(() => loadWorkerEnv({ ...base, WORKER_CONCURRENCY: value })).toThrow(/WORKER_CONCURRENCY/);
  });
});
