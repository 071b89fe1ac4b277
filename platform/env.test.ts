import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadSharedEnv } from "./env";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "rogue-env-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadSharedEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("shared configuration", () => {
  it("defaults to SQLite and a private Redis socket in the data folder", () => {
    const dir = tempDir();
    const env = loadSharedEnv({ DATA_DIR: dir });
    expect(env.databaseUrl).toBe(`file:${path.join(dir, "app.db")}`);
    expect(env.redisUrl).toBe(`unix://${path.join(dir, "redis.sock")}`);
    expect(env.privateRedis).toBe(true);
    expect(env.queuePrefix).toBe("rogue");
  });

  it("generates a development secret once and keeps it, readable only by its owner", () => {
    const dir = tempDir();
    const first = loadSharedEnv({ DATA_DIR: dir }).appSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadSharedEnv({ DATA_DIR: dir }).appSecret).toBe(first);
    const file = path.join(dir, "app-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("requires APP_SECRET in production and writes nothing", () => {
    const dir = tempDir();
    expect(problems({ NODE_ENV: "production", DATA_DIR: dir })).toEqual([
      expect.stringContaining("APP_SECRET: required in production"),
    ]);
    expect(existsSync(path.join(dir, "app-secret"))).toBe(false);
  });

  it("names every bad variable in one error", () => {
    const bad = {
      DATABASE_URL: "mysql://x",
      REDIS_URL: "http://x",
      APP_SECRET: "short",
      LOG_LEVEL: "loud",
      VENDOR_TOGETHER_URL: "not a url",
      QUEUE_PREFIX: "has spaces",
    };
    const found = problems({ DATA_DIR: tempDir(), ...bad });
    for (const name of Object.keys(bad)) {
      expect(found.some((line) => line.startsWith(`${name}:`))).toBe(true);
    }
  });

  it("reads vendor endpoints and keys, ignoring blank values", () => {
    const env = loadSharedEnv({
      DATA_DIR: tempDir(),
      VENDOR_NOVITA_URL: "http://127.0.0.1:9/x",
      VENDOR_NOVITA_KEY: "k",
      VENDOR_OPENAI_KEY: "  ",
    });
    expect(env.vendorOverrides.novita).toEqual({ url: "http://127.0.0.1:9/x", key: "k" });
    expect(env.vendorOverrides.openai).toEqual({ url: undefined, key: undefined });
  });
});
