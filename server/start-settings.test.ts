/**
 * `npm start` refuses to start on a bad set-up with one line per problem and a failing exit code: every bad
 * setting at once, in plain words, and a port some other program holds, before it starts anything; a Redis or a
 * database that does not answer, after a bounded wait.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ANSWER_WAIT_MS } from "./start-refusal";

const ROOT = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "rogue-start-settings-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` with these settings: its exit code and what it wrote, once it has ended. */
function npmStart(settings: Record<string, string>) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "REDIS_URL" && !name.startsWith("VITEST")),
  );
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, NODE_ENV: "development", DATA_DIR: dataDir, ...settings },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim());

describe("npm start on a bad set-up", () => {
  it("names every bad setting at once, in plain words, and starts nothing", async () => {
    const { code, stdout, stderr } = await npmStart({
      PORT: "abc",
      DATABASE_URL: "nonsense",
      WORKER_CONCURRENCY: "lots",
      ADMIN_EMAIL: "admin@example.com",
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      "Invalid configuration:",
      "  - DATABASE_URL: must start with file: (SQLite) or postgres:// (PostgreSQL)",
      "  - PORT: must be a whole number from 1 to 65535",
      "  - ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither",
      "  - WORKER_CONCURRENCY: must be a whole number from 1 to 10000",
    ]);
    expect(stdout).toBe("");
  });

  /** A loopback port nothing listens on: connections to it are refused at once. */
  const closedPort = async () => {
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    return port;
  };

  it(
    "names REDIS_URL and its address in one line when that Redis does not answer, after a bounded wait",
    { timeout: ANSWER_WAIT_MS + 30_000 },
    async () => {
      const url = `redis://:secret-password@127.0.0.1:${await closedPort()}`;
      const shown = url.replace("secret-password", "***");
      const { code, stdout, stderr } = await npmStart({ REDIS_URL: url });
      expect(code).toBe(1);
      expect(lines(stdout)).toEqual([
        `[start] REDIS_URL: ${shown} does not answer yet (ECONNREFUSED); trying again for 10 s`,
      ]);
      expect(lines(stderr)).toEqual([
        `REDIS_URL: ${shown} does not answer (ECONNREFUSED) after 10 s: start it there, or unset REDIS_URL and npm start runs a private redis-server`,
      ]);
    },
  );

  it(
    "names DATABASE_URL and its address in one line when that PostgreSQL does not answer, after a bounded wait",
    { timeout: ANSWER_WAIT_MS + 30_000 },
    async () => {
      const url = `postgres://rogue:secret-password@127.0.0.1:${await closedPort()}/rogue`;
      const shown = url.replace("secret-password", "***");
      const { code, stdout, stderr } = await npmStart({ DATABASE_URL: url });
      expect(code).toBe(1);
      expect(lines(stdout)).toEqual([
        expect.stringMatching(/^\[start\] (private redis-server on|using the redis-server already on) /),
        `[start] DATABASE_URL: ${shown} does not answer yet (ECONNREFUSED); trying again for 10 s`,
      ]);
      expect(lines(stderr)).toEqual([
        `DATABASE_URL: ${shown} does not answer (ECONNREFUSED) after 10 s: start the database there, or unset DATABASE_URL to use SQLite in DATA_DIR`,
      ]);
    },
  );

  it("stops with one line naming a port another program holds", async () => {
    const other: Server = createServer();
    await new Promise<void>((resolve) => other.listen(0, resolve));
    const port = (other.address() as { port: number }).port;
    try {
      const { code, stdout, stderr } = await npmStart({ PORT: String(port) });
      expect(code).toBe(1);
      expect(lines(stderr)).toEqual([
        `PORT ${port} is already in use by another program: stop it, or start with another port (PORT=${port + 1} npm start)`,
      ]);
      expect(stdout).not.toContain("open http");
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
