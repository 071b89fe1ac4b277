/**
 * `npm run bench`: the streaming benchmark (not a test; `npm test` never runs it). Starts the mock vendor and
 * the peer (an AI SDK `streamText` proxy in front of the mock) in processes of their own and the whole product
 * with startStack in a throwaway data folder, then measures, with the same client, the product, the peer and
 * the mock read directly:
 *   ttft        added time to first token, one reply at a time and many at once
 *   concurrent  many simultaneous streaming replies: exactly-once in-order delivery, latency, memory
 *   fallback    added time to first token when the first vendor answers 500
 *   landing     JavaScript the landing page loads (gzip) and its largest contentful paint in headless Chromium
 *   scale       CPU per token and memory per stream at several numbers of open streams
 *   capacity    the most 50 tokens/s streams with p99 added gap ≤ 20 ms, product and peer (a bisection)
 *   browser     Enter → first token painted in Chromium on a real chat page, with a request trace
 *   processes   replies/s and added TTFT for (web, workers) = (1,1), (1,2), (2,2), (2,4) on PostgreSQL
 *   rolling     every worker, then every web process, restarted while replies stream; nothing lost
 *   soak        steady load for --minutes: RSS, open fds, Redis memory, SQLite/WAL size per minute
 *   fairness    another user's time to first token while one user (then several) floods the workers
 *   memory      what the web and the worker hold live per open stream, after a full garbage collection
 *   long-chat   a send's prompt build in a 1,000-message chat and in a 10-message chat
 *   search      full-text search of what was said over 10,000 chats, against the title-only search before it
 *   idle-memory what the whole stack holds idle as `npm start` runs it (its own npm start, WEB_CONCURRENCY=2)
 * Prints a table per scenario and rewrites that scenario's block in docs/benchmark-results.md. See --help.
 */
import os from "node:os";
import { setTimeout as delay } from "node:timers/promises";
import { parseArgs } from "node:util";
import { createDatabase } from "#db/database";
import { agent } from "./http-client";
import { sequentially, type BenchContext } from "./context";
import { DOC_PATH, machineFacts, writeResults } from "./docs";
import { startEnvironment } from "./environment";
import { machineCpuMs, schedulingPolicy } from "./procstats";
import { renderConsole, type ScenarioReport } from "./report";
import { browserScenario } from "./scenarios/browser";
import { capacityScenario } from "./scenarios/capacity";
import { concurrentScenario } from "./scenarios/concurrent";
import { fallbackScenario } from "./scenarios/fallback";
import { idleMemoryScenario } from "./scenarios/idle-memory";
import { landingScenario } from "./scenarios/landing";
import { memoryScenario } from "./scenarios/memory";
import { processesScenario, rollingScenario } from "./scenarios/processes";
import { scaleScenario } from "./scenarios/scale";
import { fairnessScenario } from "./scenarios/fairness";
import { soakScenario } from "./scenarios/soak";
import { longChatScenario } from "./scenarios/long-chat";
import { searchScenario } from "./scenarios/search";
import { ttftScenario } from "./scenarios/ttft";
import { ProductClient, type SendWay } from "./streams";

const USAGE = `Usage: npm run bench -- [options]
  --scenario LIST          ttft, concurrent, fallback, landing, browser, scale, capacity, memory, processes,
                           rolling, soak, fairness, long-chat, search, idle-memory, a comma-separated list of them, or
                           all (default all: every one but soak and fairness)
  --workers N              worker processes (default 1, as npm start)
  --streams N              simultaneous replies in "concurrent" (default 1000)
  --tokens N               tokens per reply in "concurrent" (default 500: 10 s, so that all replies overlap
                           although sending 1,000 takes seconds)
  --token-ms N             mock delay between tokens in "concurrent" (default 20 = 50 tokens/s)
  --sequential N           one-at-a-time replies in "ttft", each way (default 200)
  --parallel N             replies at once in "ttft" (default 200)
  --rounds N               rounds of --parallel in "ttft" (default 3)
  --fallback N             replies each way in "fallback" (default 100)
  --landing-loads N        cold loads of / in "landing" (default 5)
  --scale-sizes LIST       open streams in "scale" (default 100,250,500,1000)
  --scale-tokens N         tokens per reply in "scale" (default 300)
  --scale-token-ms N       mock delay between tokens in "scale" (default 50 = 20 tokens/s)
  --capacity-tokens N      tokens per reply in "capacity" (default 250)
  --capacity-start N       first size "capacity" probes (default 25; doubles, then bisects)
  --capacity-max N         largest size "capacity" probes (default 2000)
  --capacity-cap S         seconds per path in "capacity" before no new probe starts (default 300)
  --memory-sizes LIST      replies held open in "memory", one size after another (default 100,250,500,1000)
  --memory-tokens N        tokens per reply in "memory" (default 600: 30 s at 20 tokens/s, so that all are
                           open together although sending 1,000 takes seconds)
  --browser-sends N        measured sends in one chat in "browser" (default 15)
  --browser-new-chats N    first sends of a new chat in "browser", each in a fresh context, that many with
                           Enter at once and as many after the page settles (default 5)
  --browser-history N      chats in the sidebar before "browser" measures (default 20)
  --process-pairs LIST     (web,workers) pairs in "processes" (default 1x1,1x2,2x2,2x4)
  --process-replies N      measured replies per pair in "processes" (default 400)
  --process-concurrency N  replies at once in "processes" (default 50)
  --process-tokens N       tokens per reply in "processes" (default 20)
  --process-token-ms N     mock delay between tokens in "processes" (default 5)
  --rolling-replies N      replies streaming while "rolling" restarts every process (default 200)
  --rolling-tokens N       tokens per reply in "rolling" (default 300: 30 s, longer than the restarts)
  --rolling-token-ms N     mock delay between tokens in "rolling" (default 100)
  --minutes N              length of "soak" (default 30)
  --idle-settle S          seconds "idle-memory" waits after its page views before reading (default 20)
  --idle-minutes N         minutes "idle-memory" then reads the stack again, once a minute, to show it does
                           not grow (default 2; 30 for the documented soak)
  --soak-clients N         clients looping page load + reply in "soak" (default 20)
  --warmup N               unmeasured replies before "ttft" and "fallback" (default 20)
  --fair-flood N           replies each flooder asks for at once in "fairness" (default 60)
  --fair-flooders N        users flooding together in the saturating phase of "fairness" (default 3)
  --fair-probes N          the other user's replies, one at a time, per phase of "fairness" (default 30)
  --long-chat-sends N      timed prompt builds per chat and window in "long-chat" (default 50)
  --search-chats N         the searching user's chats in "search" (default 10000)
  --search-runs N          timed searches per query and way in "search" (default 50)
  --fair-seconds N         the flood's replies last 1 to N seconds in "fairness" (default 20)
  --chats-per-user N       replies one benchmark user has in flight at most: benchmark users =
                           ceil(largest batch / N), and the product's PROFESSIONAL_REPLIES_IN_FLIGHT is N
                           (default 10, the product's own default)
  --worker-concurrency N   WORKER_CONCURRENCY per worker (default max(1000, --streams))
  --product-send WAY       how the client sends to the product: "stream" (POST /api/chat-send answers with
                           the reply's stream, as the chat page does) or "form" (the form's POST, then
                           GET /api/completions/:id/stream, as without JavaScript) (default stream)
  --log-level LEVEL        LOG_LEVEL of web and workers (default warn)
  --profile DIR            web and workers write V8 CPU profiles and SQL timings into DIR
                           (bench/profile-hook.ts; summarize with bench/profile-summary.ts)
  --no-write               do not update docs/benchmark-results.md`;

const SCENARIOS = [
  "ttft",
  "concurrent",
  "fallback",
  "landing",
  "browser",
  "scale",
  "capacity",
  "memory",
  "processes",
  "rolling",
  "soak",
  "fairness",
  "long-chat",
  "search",
  "idle-memory",
] as const;
/** Scenarios that start what they measure themselves: run first, before the shared environment, which they do
 * not need (the environment starts only when another scenario is asked for). */
const STANDALONE = ["idle-memory"] as const;
/** Background CPU (% of one core) above which the run is flagged as taken on a busy machine. */
const BUSY_PERCENT = 15;

function streamSizes(list: string | undefined, option: string): number[] {
  const sizes = (list ?? "").split(",").map(Number);
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`${option} must be a comma-separated list of integers ≥ 1`);
  return sizes.sort((a, b) => a - b);
}

function processPairs(list: string | undefined): [number, number][] {
  const pairs = (list ?? "").split(",").map((pair) => pair.split("x").map(Number));
  if (!pairs.length || pairs.some((p) => p.length !== 2 || p.some((n) => !Number.isInteger(n) || n < 1)))
    throw new Error("--process-pairs must be a comma-separated list like 1x1,2x4 (web x workers)");
  return pairs as [number, number][];
}

function parseOptions(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      scenario: { type: "string", default: "all" },
      workers: { type: "string", default: "1" },
      streams: { type: "string", default: "1000" },
      tokens: { type: "string", default: "500" },
      "token-ms": { type: "string", default: "20" },
      sequential: { type: "string", default: "200" },
      parallel: { type: "string", default: "200" },
      rounds: { type: "string", default: "3" },
      fallback: { type: "string", default: "100" },
      "scale-sizes": { type: "string", default: "100,250,500,1000" },
      "scale-tokens": { type: "string", default: "300" },
      "scale-token-ms": { type: "string", default: "50" },
      "capacity-tokens": { type: "string", default: "250" },
      "capacity-start": { type: "string", default: "25" },
      "capacity-max": { type: "string", default: "2000" },
      "capacity-cap": { type: "string", default: "300" },
      "memory-sizes": { type: "string", default: "100,250,500,1000" },
      "memory-tokens": { type: "string", default: "600" },
      "browser-sends": { type: "string", default: "15" },
      "browser-new-chats": { type: "string", default: "5" },
      "browser-history": { type: "string", default: "20" },
      "process-pairs": { type: "string", default: "1x1,1x2,2x2,2x4" },
      "process-replies": { type: "string", default: "400" },
      "process-concurrency": { type: "string", default: "50" },
      "process-tokens": { type: "string", default: "20" },
      "process-token-ms": { type: "string", default: "5" },
      "rolling-replies": { type: "string", default: "200" },
      "rolling-tokens": { type: "string", default: "300" },
      "rolling-token-ms": { type: "string", default: "100" },
      minutes: { type: "string", default: "30" },
      "idle-settle": { type: "string", default: "20" },
      "idle-minutes": { type: "string", default: "2" },
      "soak-clients": { type: "string", default: "20" },
      warmup: { type: "string", default: "20" },
      "landing-loads": { type: "string", default: "5" },
      "chats-per-user": { type: "string", default: "10" },
      "fair-flood": { type: "string", default: "60" },
      "fair-flooders": { type: "string", default: "3" },
      "fair-probes": { type: "string", default: "30" },
      "fair-seconds": { type: "string", default: "20" },
      "long-chat-sends": { type: "string", default: "50" },
      "search-chats": { type: "string", default: "10000" },
      "search-runs": { type: "string", default: "50" },
      "worker-concurrency": { type: "string" },
      "product-send": { type: "string", default: "stream" },
      "log-level": { type: "string", default: "warn" },
      profile: { type: "string" },
      "no-write": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const count = (name: keyof typeof values, min = 1) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return value;
  };
  type Scenario = (typeof SCENARIOS)[number];
  // A soak runs for half an hour, and fairness needs a worker concurrency it can fill: only when asked for by name.
  const scenarios =
    values.scenario === "all"
      ? SCENARIOS.filter((name) => name !== "soak" && name !== "fairness")
      : values.scenario.split(",");
  const unknown = scenarios.filter((name) => !SCENARIOS.includes(name as Scenario));
  if (unknown.length) throw new Error(`--scenario must be all or a list of ${SCENARIOS.join(", ")}`);
  const streams = count("streams");
  const memorySizes = streamSizes(values["memory-sizes"], "--memory-sizes");
  const workerConcurrency = values["worker-concurrency"]
    ? count("worker-concurrency")
    : Math.max(1000, streams, count("capacity-max"), ...memorySizes);
  const sendWay = (way: string | undefined): SendWay => {
    if (way === "stream" || way === "form") return way;
    throw new Error('--product-send must be "stream" or "form"');
  };
  return {
    help: values.help,
    scenarios: scenarios as Scenario[],
    workers: count("workers"),
    ttft: {
      sequential: count("sequential"),
      parallel: count("parallel"),
      rounds: count("rounds"),
      warmup: count("warmup", 0),
    },
    concurrent: { streams, tokens: count("tokens"), tokenMs: count("token-ms", 0) },
    fallback: { count: count("fallback"), warmup: count("warmup", 0) },
    landing: { loads: count("landing-loads") },
    scale: {
      sizes: streamSizes(values["scale-sizes"], "--scale-sizes"),
      tokens: count("scale-tokens"),
      tokenMs: count("scale-token-ms", 1),
    },
    capacity: {
      tokens: count("capacity-tokens"),
      tokenMs: count("token-ms", 1),
      start: count("capacity-start"),
      max: count("capacity-max"),
      capS: count("capacity-cap"),
    },
    memory: {
      sizes: memorySizes,
      tokens: count("memory-tokens"),
      tokenMs: 50,
    },
    browser: {
      sends: count("browser-sends"),
      newChats: count("browser-new-chats"),
      history: count("browser-history", 0),
      warmup: Math.min(2, count("warmup", 0)),
    },
    processes: {
      pairs: processPairs(values["process-pairs"]),
      replies: count("process-replies"),
      concurrency: count("process-concurrency"),
      tokens: count("process-tokens"),
      tokenMs: count("process-token-ms", 0),
    },
    rolling: {
      replies: count("rolling-replies"),
      tokens: count("rolling-tokens"),
      tokenMs: count("rolling-token-ms", 1),
    },
    soak: {
      minutes: count("minutes"),
      concurrency: count("soak-clients"),
      tokens: 40,
      tokenMs: 25,
    },
    idleMemory: { settleS: count("idle-settle", 0), minutes: count("idle-minutes", 0) },
    chatsPerUser: count("chats-per-user"),
    workerConcurrency,
    fairness: {
      flood: count("fair-flood"),
      flooders: count("fair-flooders"),
      probes: count("fair-probes"),
      floodSeconds: count("fair-seconds"),
      workerConcurrency,
    },
    longChat: { sends: count("long-chat-sends") },
    search: { chats: count("search-chats"), searches: count("search-runs") },
    productSend: sendWay(values["product-send"]),
    logLevel: values["log-level"],
    profileDir: values.profile,
    write: !values["no-write"],
  };
}
type Options = ReturnType<typeof parseOptions>;

const log = (message: string) => console.log(`[bench] ${message}`);

const QUIET_SAMPLE_MS = 2_000;

/** CPU the machine uses before the benchmark starts anything (% of one core): other work distorts every figure. */
async function backgroundLoad(): Promise<number> {
  const before = machineCpuMs();
  await delay(QUIET_SAMPLE_MS);
  return ((machineCpuMs() - before) / QUIET_SAMPLE_MS) * 100;
}

/** Enough users that no user has more than --chats-per-user replies in flight at once. */
async function signUpUsers(product: ProductClient, options: Options, databaseUrl: string): Promise<string[]> {
  const largestBatch = Math.max(
    options.scenarios.includes("concurrent") ? options.concurrent.streams : 1,
    options.scenarios.includes("ttft") ? options.ttft.parallel : 1,
    options.scenarios.includes("scale") ? Math.max(...options.scale.sizes) : 1,
    options.scenarios.includes("capacity") ? options.capacity.max : 1,
    options.scenarios.includes("memory") ? Math.max(...options.memory.sizes) : 1,
  );
  const users = Math.max(
    Math.ceil(largestBatch / options.chatsPerUser),
    options.scenarios.includes("fairness") ? 1 + options.fairness.flooders : 1,
  );
  log(`signing up ${users} benchmark user(s)`);
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: users }, (_, i) => `bench-${stamp}-${i}@example.com`);
  const cookies = await sequentially(users, (i) => product.signup(emails[i]!, 30_000));
  await makeProfessional(databaseUrl, emails);
  return cookies;
}

/**
 * A fixture step, as a test would do it: Starter allows 3 replies a day and the app has no upgrade path to
 * drive, so the benchmark's own users are put on the Professional plan in its throwaway database.
 */
async function makeProfessional(databaseUrl: string, emails: string[]) {
  const db = createDatabase(databaseUrl);
  try {
    await db.updateTable("users").set({ plan: "professional" }).where("email", "in", emails).execute();
  } finally {
    await db.destroy();
  }
}

type SharedScenario = Exclude<Options["scenarios"][number], (typeof STANDALONE)[number]>;
const isStandalone = (scenario: string): scenario is (typeof STANDALONE)[number] =>
  (STANDALONE as readonly string[]).includes(scenario);

function showReport(report: ScenarioReport): ScenarioReport {
  console.log(`\n${renderConsole(report)}\n`);
  return report;
}

async function runScenarios(context: BenchContext, options: Options): Promise<ScenarioReport[]> {
  const run: Record<SharedScenario, () => Promise<ScenarioReport>> = {
    ttft: () => ttftScenario(context, options.ttft),
    concurrent: () => concurrentScenario(context, options.concurrent),
    fallback: () => fallbackScenario(context, options.fallback),
    landing: () => landingScenario(context, options.landing),
    browser: () => browserScenario(context, options.browser),
    scale: () => scaleScenario(context, options.scale),
    capacity: () => capacityScenario(context, options.capacity),
    memory: () => memoryScenario(context, options.memory),
    processes: () => processesScenario(context, options.processes),
    rolling: () => rollingScenario(context, options.rolling),
    soak: () => soakScenario(context, options.soak),
    fairness: () => fairnessScenario(context, options.fairness),
    "long-chat": () => longChatScenario(context, options.longChat),
    search: () => searchScenario(context, options.search),
  };
  const reports: ScenarioReport[] = [];
  for (const scenario of options.scenarios)
    if (!isStandalone(scenario)) reports.push(showReport(await run[scenario]()));
  return reports;
}

async function main() {
  const args = process.argv.slice(2);
  const options = parseOptions(args);
  if (options.help) return console.log(USAGE);
  const startedAt = new Date();
  const scheduling = schedulingPolicy();
  const command = `${scheduling.prefix}npm run bench${args.length ? ` -- ${args.join(" ")}` : ""}`;
  const idleLoad = await backgroundLoad();
  log(
    `machine load before starting: ${idleLoad.toFixed(0)}% of one core (${os.availableParallelism()} cores)`,
  );
  if (idleLoad > BUSY_PERCENT) log("WARNING: the machine is busy; the figures will include that contention");
  const reports: ScenarioReport[] = [];
  if (options.scenarios.includes("idle-memory"))
    reports.push(showReport(await idleMemoryScenario({ ...options.idleMemory, log })));
  const facts = [
    `scheduling: ${scheduling.description} (inherited by every process the benchmark starts)`,
    `machine load before the run: ${idleLoad.toFixed(0)}% of one core; see "everything else on the machine" in the load tables`,
  ];
  if (options.scenarios.some((scenario) => !isStandalone(scenario))) {
    const shared = await runSharedScenarios(options);
    reports.push(...shared.reports);
    facts.push(...shared.facts);
  }
  if (options.write) {
    await writeResults(reports, {
      date: startedAt.toISOString().slice(0, 16).replace("T", " ") + " UTC",
      command,
      facts: machineFacts(facts),
    });
    log(`results written to ${DOC_PATH}`);
  }
  const missed = reports.flatMap((r) => r.targets.filter((t) => !t.met).map((t) => `${r.id}: ${t.name}`));
  log(missed.length ? `targets missed: ${missed.join("; ")}` : "all targets met");
}

/** The scenarios that share one environment (the product, the mock vendor, the peer), and facts about it. */
async function runSharedScenarios(options: Options): Promise<{ reports: ScenarioReport[]; facts: string[] }> {
  const env = await startEnvironment({
    workers: options.workers,
    repliesPerUser: options.chatsPerUser,
    workerConcurrency: options.workerConcurrency,
    logLevel: options.logLevel,
    profileDir: options.profileDir,
    heapProbe: options.scenarios.includes("memory"),
    log,
  });
  try {
    const product = new ProductClient(env.baseUrl, options.productSend);
    let tags = 0;
    const context: BenchContext = {
      env,
      product,
      cookies: await signUpUsers(product, options, env.stack.env.databaseUrl),
      nextTag: () => `r${(tags++).toString(36)}`,
      log,
    };
    const reports = await runScenarios(context, options);
    const redisVersion = /redis_version:(\S+)/.exec(await env.redis.info("server"))?.[1] ?? "?";
    const facts = [
      `${options.workers} worker process(es), WORKER_CONCURRENCY=${options.workerConcurrency}, LOG_LEVEL=${options.logLevel}`,
      `product sends: ${options.productSend === "stream" ? "POST /api/chat-send answered with the reply's stream (the chat page's way)" : "the form's POST, then GET the reply's stream (the no-JS way)"}`,
      `Redis ${redisVersion} (${env.usesPrivateRedis ? "private redis-server on a unix socket" : "REDIS_URL"}), SQLite in a temp DATA_DIR`,
    ];
    return { reports, facts };
  } finally {
    agent.destroy();
    await env.stop();
    if (options.profileDir) log(`CPU profiles in ${options.profileDir}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
