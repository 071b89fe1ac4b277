/**
 * `npm run bench -- --scenario idle-memory [--idle-minutes 30]`: the memory the whole product holds as
 * `npm start` runs it with WEB_CONCURRENCY=2 (npm, the supervisor, the cluster primary, two web processes, a
 * worker, the private Redis), idle after a few page views: each process's RSS and PSS read from /proc, the
 * sum, and each minute of --idle-minutes the sum again, which must not grow. The verdicts take the last
 * reading: idle for a while, V8 gives back what the page views left (its memory reducer), as a host idle
 * between visitors would see. It runs `npm start` itself, on a
 * free port and a throwaway data folder, and needs none of the other scenarios' environment.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import { freePort } from "#scripts/free-port";
import { readAll, sendRequest } from "#tests/support/web-process";
import { childPids } from "../process-stack";
import { rssKb } from "../procstats";
import type { ScenarioReport, Target } from "../report";
import { ProductClient } from "../streams";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TARGETS_MIB = { stack: 400, web: 100, worker: 80, growth: 10 };
const START_TIMEOUT_MS = 300_000;
const PAGES = ["/", "/pricing", "/signin", "/signup"];
/** Each page twice, on connections of their own: the cluster's primary hands them to both web processes. */
const VIEWS_PER_PAGE = 2;

export interface IdleMemoryOptions {
  /** Seconds idle after the page views before the first reading. */
  settleS: number;
  /** Minutes of readings after that, one a minute (0: the first reading only). */
  minutes: number;
  log: (message: string) => void;
}

interface ProcessMemory {
  name: string;
  pid: number;
  rssKb: number;
  pssKb: number;
}

const mib = (kb: number) => (kb / 1024).toFixed(1);

/** PSS: the process's private pages plus its share of the pages it shares (Node's binary, mostly). */
function pssKb(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
};

/** What each process of the tree under `npm start` is, from its command line and place in the tree. */
function processName(pid: number, parentName: string | undefined): string {
  const command = commandLine(pid);
  if (/\bnpm start\b/.test(command) || /npm-cli\.js start/.test(command)) return "npm";
  if (command.includes("redis-server")) return "redis";
  if (command.includes("build/server/start.js")) return "supervisor";
  if (command.includes("build/server/worker.js")) return "worker";
  if (command.includes("build/server/web.js"))
    return parentName === "web primary" ? "web" : childPids(pid).length ? "web primary" : "web";
  if (/^(\/bin\/)?sh\b/.test(command)) return "sh";
  return command.slice(0, 60);
}

/** Every process under `root`, parents first, named; web processes and workers numbered. */
function readTree(root: number): ProcessMemory[] {
  const found: ProcessMemory[] = [];
  const counts = new Map<string, number>();
  const visit = (pid: number, parentName: string | undefined) => {
    const name = processName(pid, parentName);
    const nth = (counts.get(name) ?? 0) + 1;
    counts.set(name, nth);
    const numbered = name === "web" || name === "worker" ? `${name} ${nth}` : name;
    found.push({ name: numbered, pid, rssKb: rssKb(pid), pssKb: pssKb(pid) });
    for (const child of childPids(pid)) visit(child, name);
  };
  visit(root, undefined);
  return found;
}

const sum = (list: ProcessMemory[], field: "rssKb" | "pssKb") =>
  list.reduce((total, entry) => total + entry[field], 0);

/** `npm start` in a process group of its own, as a terminal runs it; resolves once it prints "open". */
async function npmStart(port: number, dataDir: string, log: (message: string) => void) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== "REDIS_URL" && name !== "NODE_OPTIONS" && !name.startsWith("VITEST"),
    ),
  );
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
    // NODE_ENV as in a developer's shell: npm start runs its web and worker as production all the same.
    env: {
      ...env,
      NODE_ENV: "development",
      PORT: String(port),
      WEB_CONCURRENCY: "2",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const open = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("npm start did not open in time")), START_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("[start] ")) log(`  ${line}`);
      if (line.startsWith("[start] open ")) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then(() => reject(new Error("npm start exited before it opened")), reject);
  });
  const stop = async () => {
    // Ctrl-C, as a terminal sends it to the whole foreground group: the supervisor stops Redis too.
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGINT");
    await exited;
  };
  try {
    await open;
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid!, stop };
}

/** A few page views: the public pages, a sign-up, and the signed-in chat page, each on both web processes. */
async function browse(baseUrl: string) {
  const view = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = await sendRequest(`${baseUrl}${pathname}`, "GET", headers);
    await readAll(response);
    if (response.statusCode !== 200) throw new Error(`GET ${pathname} answered ${response.statusCode}`);
  };
  for (const page of PAGES) for (let i = 0; i < VIEWS_PER_PAGE; i += 1) await view(page);
  const session = await new ProductClient(baseUrl).signup(
    `idle-${Date.now().toString(36)}@example.com`,
    30_000,
  );
  for (let i = 0; i < VIEWS_PER_PAGE; i += 1) await view("/chat", { Cookie: session });
}

export async function idleMemoryScenario(options: IdleMemoryOptions): Promise<ScenarioReport> {
  // Short: the private Redis listens on a unix socket in here, and socket paths are limited to ~100 bytes.
  const dataDir = mkdtempSync("/tmp/ridle-");
  const port = await freePort();
  options.log(`idle-memory: npm start with WEB_CONCURRENCY=2 on port ${port}`);
  const started = await npmStart(port, dataDir, options.log);
  let first: ProcessMemory[];
  let last: ProcessMemory[];
  const totals: { minute: number; rssKb: number; pssKb: number }[] = [];
  try {
    await browse(`http://127.0.0.1:${port}`);
    options.log(`idle-memory: pages viewed; idle ${options.settleS} s before reading`);
    await delay(options.settleS * 1000);
    first = readTree(started.pid);
    last = first;
    totals.push({ minute: 0, rssKb: sum(first, "rssKb"), pssKb: sum(first, "pssKb") });
    for (let minute = 1; minute <= options.minutes; minute += 1) {
      await delay(60_000);
      last = readTree(started.pid);
      totals.push({ minute, rssKb: sum(last, "rssKb"), pssKb: sum(last, "pssKb") });
      options.log(
        `idle-memory: minute ${minute}: ${mib(sum(last, "rssKb"))} MiB RSS in ${last.length} processes`,
      );
    }
  } finally {
    await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const stackKb = totals.at(-1)!.rssKb;
  const of = (prefix: string) => last.filter((entry) => entry.name.startsWith(`${prefix} `));
  // NaN when none was found (a process named otherwise): the row is then missed, not met by default.
  const largest = (list: ProcessMemory[]) =>
    list.length ? Math.max(...list.map((entry) => entry.rssKb)) : Number.NaN;
  const growthKb = stackKb - totals[0]!.rssKb;
  const targets: Target[] = [
    {
      name: `whole stack, RSS, after ${options.minutes} idle minute(s)`,
      target: `≤ ${TARGETS_MIB.stack} MiB`,
      measured: `${mib(stackKb)} MiB in ${last.length} processes`,
      met: stackKb <= TARGETS_MIB.stack * 1024,
    },
    {
      name: "largest web process, RSS",
      target: `≤ ${TARGETS_MIB.web} MiB`,
      measured: `${mib(largest(of("web")))} MiB`,
      met: largest(of("web")) <= TARGETS_MIB.web * 1024,
    },
    {
      name: "largest worker, RSS",
      target: `≤ ${TARGETS_MIB.worker} MiB`,
      measured: `${mib(largest(of("worker")))} MiB`,
      met: largest(of("worker")) <= TARGETS_MIB.worker * 1024,
    },
  ];
  if (options.minutes > 0)
    targets.push({
      name: `growth over ${options.minutes} idle minute(s), RSS`,
      target: `≤ ${TARGETS_MIB.growth} MiB`,
      measured: `${growthKb >= 0 ? "+" : ""}${mib(growthKb)} MiB`,
      met: growthKb <= TARGETS_MIB.growth * 1024,
    });
  return {
    id: "idle-memory",
    title: "Idle memory of the whole stack (npm start, WEB_CONCURRENCY=2)",
    targets,
    tables: [
      {
        title: `Each process, ${options.settleS} s after the page views and ${options.minutes} idle minute(s) later`,
        header: ["process", "pid", "RSS MiB", "PSS MiB", "RSS MiB later", "PSS MiB later"],
        rows: [
          ...first.map((entry) => {
            const later = last.find((other) => other.pid === entry.pid);
            return [
              entry.name,
              String(entry.pid),
              mib(entry.rssKb),
              mib(entry.pssKb),
              later ? mib(later.rssKb) : "gone",
              later ? mib(later.pssKb) : "gone",
            ];
          }),
          [
            "total",
            "",
            mib(sum(first, "rssKb")),
            mib(sum(first, "pssKb")),
            mib(sum(last, "rssKb")),
            mib(sum(last, "pssKb")),
          ],
        ],
      },
      ...(options.minutes > 0
        ? [
            {
              title: "The whole stack, idle, each minute",
              header: ["minute", "RSS MiB", "PSS MiB"],
              rows: totals.map((entry) => [String(entry.minute), mib(entry.rssKb), mib(entry.pssKb)]),
            },
          ]
        : []),
    ],
    notes: [
      `page views before the readings: ${PAGES.join(", ")} and, after a sign-up, /chat, each ${VIEWS_PER_PAGE} times on connections of their own (both web processes serve each)`,
      "RSS counts the pages a process shares with others (Node's own binary, ~40 MiB) in every process; PSS shares them out, so the PSS total is what the host's memory holds",
    ],
  };
}
