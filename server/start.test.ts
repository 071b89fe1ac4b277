/**
 * `npm start`'s supervisor with the real web, worker and private Redis (development mode, so no build): it
 * says "open" once the product answers, a worker killed with SIGKILL mid-reply comes back and finishes that
 * reply while the product keeps answering, and Ctrl-C stops the web, then the worker, then Redis; the first visit
 * to the development server renders, with hot reload connected.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { chromium } from "@playwright/test";
import { afterAll, expect, it } from "vitest";
import playwrightConfig from "../playwright.config";
import { createDatabase } from "#db/database";
import { COMPLETION_QUEUE, completionJobOptions, completionStreamKey } from "#contract/jobs";
import { redisConnectionOptions } from "#platform/redis";
import { insertUser } from "#tests/support/rows";
import { directive, readCompletionStream, storeQueuedCompletion } from "#tests/support/test-env";
import { freePort } from "#scripts/free-port";

const ROOT = path.resolve(import.meta.dirname, "..");

const healthz = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (response) => response.status,
    () => 0,
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The process group of `pid` (field 5 of /proc/<pid>/stat, after the parenthesised command name). */
const processGroup = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);

interface NpmStart {
  child: ChildProcess;
  dataDir: string;
  queuePrefix: string;
  lines: string[];
  /** Resolves with the first line, from `from` on, that matches `pattern` (whether already printed or not). */
  lineMatching(pattern: RegExp, from?: number): Promise<{ match: RegExpMatchArray; index: number }>;
  exit: Promise<number | null>;
}

const runs: NpmStart[] = [];
const redisPids: number[] = [];

/** `npm run dev` in a throwaway data folder, in a process group of its own as a terminal would give it. */
function npmStart(port: number): NpmStart {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rogue-start-"));
  const queuePrefix = `start-test-${process.pid}-${runs.length}`;
  // Neither the test run's shared Redis nor vitest's markers (vite.config.ts leaves Remix out under VITEST).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "REDIS_URL" && !name.startsWith("VITEST")),
  );
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts", "--dev"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...env,
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      PORT: String(port),
      MOCK_VENDOR_PORT: "0",
      QUEUE_PREFIX: queuePrefix,
      LOG_LEVEL: "warn",
    },
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let pending = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const complete = (pending + chunk.toString()).split("\n");
    pending = complete.pop()!;
    lines.push(...complete);
    for (const check of [...waiters]) check();
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lineMatching = (pattern: RegExp, from = 0) =>
    new Promise<{ match: RegExpMatchArray; index: number }>((resolve, reject) => {
      const check = () => {
        for (let index = from; index < lines.length; index += 1) {
          const match = lines[index]!.match(pattern);
          if (match) {
            waiters.delete(check);
            return resolve({ match, index });
          }
        }
      };
      waiters.add(check);
      check();
      exit.then(
        () => reject(new Error(`npm start exited before printing ${pattern}:\n${lines.join("\n")}`)),
        reject,
      );
    });
  const run = { child, dataDir, queuePrefix, lines, lineMatching, exit };
  runs.push(run);
  return run;
}

afterAll(() => {
  for (const { child, dataDir } of runs) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const pid of redisPids) if (alive(pid)) process.kill(pid, "SIGKILL");
});

it(
  "prints open once /healthz answers, restarts a worker killed mid-reply, which then finishes, and on Ctrl-C stops web, worker, Redis",
  { timeout: 120_000 },
  async () => {
    const port = await freePort();
    const { child: supervisor, dataDir, queuePrefix, lines, lineMatching, exit } = npmStart(port);
    const firstWorker = Number((await lineMatching(/^\[start\] worker started \(pid (\d+)\)$/)).match[1]);
    // "open" is printed only once the product answers, so a user who follows it never gets an error page.
    const open = await lineMatching(/^\[start\] open (http:\/\/localhost:\d+)$/);
    expect(open.match[1]).toBe(`http://localhost:${port}`);
    expect(await healthz(port)).toBe(200);

    const connection = redisConnectionOptions(`unix://${path.join(dataDir, "redis.sock")}`);
    const redis = new Redis({ ...connection, maxRetriesPerRequest: null });
    const redisPid = Number((await redis.info("server")).match(/process_id:(\d+)/)![1]);
    redisPids.push(redisPid);
    expect(processGroup(redisPid)).not.toBe(supervisor.pid);
    expect(processGroup(firstWorker)).toBe(supervisor.pid);

    // A reply in flight when the worker dies: 60 words, 50 ms apart, from the mock vendor of `npm run dev`.
    const db = createDatabase(`file:${path.join(dataDir, "app.db")}`);
    const queue = new Queue(COMPLETION_QUEUE, { connection, prefix: queuePrefix });
    const reply = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const { completionId } = await storeQueuedCompletion(
      db,
      await insertUser(db),
      `survive ${directive({ reply, tokenMs: 50 })}`,
    );
    await queue.add("completion", { completionId }, completionJobOptions(completionId));
    const firstToken = await redis.xread(
      "BLOCK",
      20_000,
      "STREAMS",
      completionStreamKey(completionId),
      "0-0",
    );
    expect(firstToken).not.toBeNull();

    process.kill(firstWorker, "SIGKILL");
    const crash = await lineMatching(
      new RegExp(
        `^\\[start\\] worker \\(pid ${firstWorker}\\) crashed \\(signal SIGKILL\\) after \\d+ ms; restart 1 in \\d+ ms$`,
      ),
    );
    const restarted = await lineMatching(/^\[start\] worker started \(pid (\d+)\)$/, crash.index);
    const secondWorker = Number(restarted.match[1]);
    expect(secondWorker).not.toBe(firstWorker);
    expect(alive(secondWorker)).toBe(true);
    expect(await healthz(port)).toBe(200);

    // The new worker takes the job over once the dead one's lock expires, and continues the same text.
    const streamed = await readCompletionStream(
      `unix://${path.join(dataDir, "redis.sock")}`,
      completionId,
      45_000,
    );
    expect(streamed.terminal.type).toBe("done");
    expect(streamed.text).toBe(reply);
    const stored = await db
      .selectFrom("chat_messages")
      .select("content")
      .where("completion_id", "=", completionId)
      .execute();
    expect(stored.map((message) => message.content)).toEqual([reply]);
    await queue.close();
    await db.destroy();
    redis.disconnect();

    // Ctrl-C in a terminal: SIGINT to every process of the foreground group at once.
    process.kill(-supervisor.pid!, "SIGINT");
    expect(await exit).toBe(0);
    const stopping = lines.indexOf("[start] stopping...");
    const order = ["[start] web stopped", "[start] worker stopped", "[start] redis stopped"].map((line) =>
      lines.indexOf(line),
    );
    expect(stopping).toBeGreaterThan(restarted.index);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(stopping);
    expect(lines.slice(stopping).join("\n")).not.toMatch(/crashed|not restarted/);
    expect(alive(redisPid)).toBe(false);
  },
);

it(
  "stops instead of restarting when the web crashes before the site first answers",
  { timeout: 90_000 },
  async () => {
    // The port is taken once npm start has found it free (server/start-settings.test.ts covers a port taken
    // before), so the web fails at start: restarting would only fail again.
    const port = await freePort();
    const { lines, lineMatching, exit } = npmStart(port);
    await lineMatching(/^\[start\] (private redis-server on|using the redis-server already on) /);
    const taken = createServer().listen(port);
    await once(taken, "listening");
    try {
      const crash = await lineMatching(/^\[start\] web \(pid \d+\) crashed \(code 1\)/);
      expect(await exit).toBe(1);
      expect(lines.slice(crash.index)).toEqual(
        expect.arrayContaining([
          "[start] web crashed before the site answered; stopping",
          "[start] redis stopped",
        ]),
      );
      expect(lines.filter((line) => line.startsWith("[start] web started"))).toHaveLength(1);
      expect(lines.join("\n")).not.toContain("[start] open");
    } finally {
      taken.close();
    }
  },
);

it(
  "npm run dev: a first visit renders the page, and hot reload's socket connects under the page's CSP",
  { timeout: 120_000 },
  async () => {
    const port = await freePort();
    const { child, lineMatching, exit } = npmStart(port);
    await lineMatching(/^\[start\] open http:\/\/localhost:\d+$/);
    const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      const hotReload: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.text().startsWith("[vite]")) hotReload.push(message.text());
        else if (message.type() === "error") problems.push(message.text());
      });
      await page.goto(`http://localhost:${port}/pricing`);
      await page.getByRole("heading", { name: "Simple, honest pricing" }).waitFor();
      await expect.poll(() => hotReload, { timeout: 30_000 }).toContain("[vite] connected.");
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      // Ctrl-C, so that npm start stops its private Redis too (a SIGKILL would leave it running).
      process.kill(-child.pid!, "SIGINT");
      await exit;
    }
  },
);
