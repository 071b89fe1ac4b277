/**
 * Scenario 7: memory per open stream, as what the web and the worker hold live. At each size (default 100,
 * 250, 500, 1,000) that many replies at 20 tokens/s are sent at once and held open; once every one has a token
 * at the client, the web and the workers collect their garbage and report their heap (heap-hook.ts), against
 * the same taken before with none open and again after all have ended. Peak RSS (scenarios 2 and 5) also
 * counts garbage not yet collected, so it swings with the collector's timing; this is the figure that does
 * not. A full collection pauses the process, so nothing here times tokens: latency is scenarios 2 and 5's.
 */
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { checkDelivery, sumChecks, type DeliveryCheck } from "../analysis";
import { allAtOnce, cookieFor, type BenchContext } from "../context";
import { heapSampleFile, type HeapSample } from "../heap-hook";
import { agent } from "../http-client";
import { namedAs } from "../procstats";
import type { ScenarioReport, Table, Target } from "../report";
import { ms } from "../stats";
import { replyDeadlineMs, type ReplyLength, type ReplyPlan } from "../streams";

export interface MemorySizes extends ReplyLength {
  /** Open streams at each step, ascending; the budgets are judged at the largest. */
  sizes: number[];
}

/** The budgets per open stream, KiB. */
const BUDGET_KIB = { web: 64, worker: 128 } as const;
const WARMUP_REPLIES = 20;
const SAMPLE_TIMEOUT_MS = 60_000;
const SLACK_MS = 120_000;
/** Time for the web to see the client's closed connections before the next size's "before". */
const CLOSE_SETTLE_MS = 1_000;

type Role = keyof typeof BUDGET_KIB;

const live = (sample: HeapSample) => sample.heapUsed + sample.external;

/** The samples a process has written so far (none before its first). */
function samplesOf(file: string): HeapSample[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as HeapSample);
}

/** Asks one process for a heap sample (SIGUSR2) and waits for the line it appends. */
async function sampleProcess(dir: string, pid: number): Promise<HeapSample> {
  const file = heapSampleFile(dir, pid);
  const before = samplesOf(file).length;
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + SAMPLE_TIMEOUT_MS;
  for (;;) {
    const samples = samplesOf(file);
    if (samples.length > before) return samples.at(-1)!;
    if (Date.now() > deadline)
      throw new Error(`process ${pid} wrote no heap sample in ${SAMPLE_TIMEOUT_MS} ms`);
    await delay(50);
  }
}

/** Live bytes and RSS of every process of a role (the workers summed), sampled one after another. */
async function sampleRole(context: BenchContext, role: Role) {
  const dir = context.env.heapDir;
  if (!dir) throw new Error("the memory scenario needs the environment's heap probe");
  const pids = context.env.watched.filter(namedAs(role)).map((w) => w.pid);
  let liveBytes = 0;
  let rssBytes = 0;
  for (const pid of pids) {
    const sample = await sampleProcess(dir, pid);
    liveBytes += live(sample);
    rssBytes += sample.rss;
  }
  return { live: liveBytes, rss: rssBytes };
}

const sampleAll = async (context: BenchContext) => ({
  web: await sampleRole(context, "web"),
  worker: await sampleRole(context, "worker"),
});
type Samples = Awaited<ReturnType<typeof sampleAll>>;

interface HeldOpen {
  streams: number;
  before: Samples;
  open: Samples;
  after: Samples;
  /** Replies that were open from before the sample until after it. */
  openAtSample: number;
  delivery: DeliveryCheck;
  failed: number;
}

/** Sends `streams` replies at once and samples the processes once every one is streaming. */
async function holdOpen(context: BenchContext, streams: number, length: ReplyLength): Promise<HeldOpen> {
  const plan = (): ReplyPlan => ({ tag: context.nextTag(), ...length });
  // Each size opens its connections anew, as that many new clients would: none left from the size before.
  agent.destroy();
  await delay(CLOSE_SETTLE_MS);
  const before = await sampleAll(context);
  context.log(`memory: ${streams} replies held open`);
  let streaming = 0;
  let ended = 0;
  let allStreaming!: () => void;
  const everyOneStreaming = new Promise<void>((resolve) => (allStreaming = resolve));
  const deadline = replyDeadlineMs(plan(), SLACK_MS);
  const replies = allAtOnce(streams, async (index) => {
    const run = await context.product.reply(cookieFor(context, index), plan(), deadline, () => {
      streaming += 1;
      if (streaming === streams) allStreaming();
    });
    ended += 1;
    return run;
  });
  await Promise.race([everyOneStreaming, replies]);
  const open = await sampleAll(context);
  // Counted once both processes have answered: a reply that ended while they collected was not open throughout.
  const openAtSample = streaming - ended;
  const runs = await replies;
  const after = await sampleAll(context);
  return {
    streams,
    before,
    open,
    after,
    openAtSample,
    delivery: sumChecks(runs.map((run) => checkDelivery(run, length.tokens))),
    failed: runs.filter((run) => run.error || run.terminal !== "done").length,
  };
}

const MiB = (bytes: number) => ms(bytes / 1024 ** 2, 1);
const deliveryText = (check: DeliveryCheck, failed: number) =>
  `${check.lost} / ${check.duplicated} / ${check.reordered} / ${check.foreign} / ${check.inexact}; ${failed}`;
const KiBPer = (bytes: number, streams: number) => bytes / 1024 / streams;

export async function memoryScenario(context: BenchContext, sizes: MemorySizes): Promise<ScenarioReport> {
  const length = { tokens: sizes.tokens, tokenMs: sizes.tokenMs };
  context.log(`memory: ${WARMUP_REPLIES} warm-up replies`);
  await allAtOnce(WARMUP_REPLIES, (index) => {
    const plan: ReplyPlan = { tag: context.nextTag(), tokens: 5, tokenMs: sizes.tokenMs };
    return context.product.reply(cookieFor(context, index), plan, replyDeadlineMs(plan, SLACK_MS));
  });
  const steps: HeldOpen[] = [];
  for (const streams of sizes.sizes) steps.push(await holdOpen(context, streams, length));

  const perStream = (step: HeldOpen, role: Role, of: "live" | "rss") =>
    KiBPer(step.open[role][of] - step.before[role][of], step.streams);
  const largest = steps.at(-1)!;
  const bySize: Table = {
    title: `Memory per open stream by size, after a full garbage collection (replies of ${sizes.tokens} tokens at ${sizes.tokenMs} ms)`,
    header: [
      "open streams",
      "open when sampled",
      "web live KiB/stream",
      "worker live KiB/stream",
      "web RSS KiB/stream",
      "worker RSS KiB/stream",
      "lost / dup / reordered / foreign / inexact; failed",
    ],
    rows: steps.map((step) => [
      String(step.streams),
      String(step.openAtSample),
      ms(perStream(step, "web", "live"), 1),
      ms(perStream(step, "worker", "live"), 1),
      ms(perStream(step, "web", "rss"), 1),
      ms(perStream(step, "worker", "rss"), 1),
      deliveryText(step.delivery, step.failed),
    ]),
  };
  const streams = largest.streams;
  const byProcess: Table = {
    title: `Memory by process at ${streams} open streams, after a full garbage collection`,
    header: [
      "process",
      "live before MiB",
      `live, ${streams} open MiB`,
      "live after all ended MiB",
      "live KiB per open stream",
      "RSS before MiB",
      `RSS, ${streams} open MiB`,
      "RSS KiB per open stream",
    ],
    rows: (["web", "worker"] as const).map((role) => [
      role,
      MiB(largest.before[role].live),
      MiB(largest.open[role].live),
      MiB(largest.after[role].live),
      ms(perStream(largest, role, "live"), 1),
      MiB(largest.before[role].rss),
      MiB(largest.open[role].rss),
      ms(perStream(largest, role, "rss"), 1),
    ]),
  };
  const allOpen = largest.openAtSample === streams;
  const budget = (role: Role): Target => ({
    name: `${role} memory per open stream at ${streams} (live, after a full collection)`,
    target: `≤ ${BUDGET_KIB[role]} KiB`,
    measured: `${ms(perStream(largest, role, "live"), 1)} KiB`,
    met: perStream(largest, role, "live") <= BUDGET_KIB[role] && allOpen,
  });
  const delivery = sumChecks(steps.map((step) => step.delivery));
  const failed = steps.reduce((sum, step) => sum + step.failed, 0);
  const exactness =
    delivery.lost + delivery.duplicated + delivery.reordered + delivery.foreign + delivery.inexact;
  const targets: Target[] = [
    {
      name: `replies open when sampled, at ${streams}`,
      target: String(streams),
      measured: String(largest.openAtSample),
      met: allOpen,
    },
    budget("web"),
    budget("worker"),
    {
      name: "lost / duplicated / reordered / foreign / inexact tokens; failed replies, every size",
      target: "0",
      measured: deliveryText(delivery, failed),
      met: exactness + failed === 0,
    },
  ];
  return {
    id: "memory",
    title: `Memory per open stream: ${sizes.sizes.join(", ")} replies held open at ${Math.round(1000 / sizes.tokenMs)} tokens/s`,
    targets,
    tables: [bySize, byProcess],
    notes: [
      `Live: V8's used heap plus memory held outside it for JavaScript objects (\`process.memoryUsage()\`'s heapUsed + external, which includes array buffers), right after \`HeapProfiler.collectGarbage\` in the process itself (bench/heap-hook.ts, on SIGUSR2). At each size: "before" with none open (after ${WARMUP_REPLIES} warm-up replies, and with the client's connections from the size before closed); "open" once every reply has had a token at the client; "after" once all have ended. Per open stream: (open − before) ÷ streams.`,
      "RSS is read in the same moment; V8 keeps heap pages after a collection, or hands them back, on its own schedule, so RSS per stream may land above or below live per stream. Scenario 2's peak RSS also counts garbage not yet collected.",
      "After all ended, the client's connections are still open (kept alive): in heap snapshots of a 500-stream run, what the web held above \"before\" was per connection (a socket, a parser, its last request's abort signal), code compiled during the run and strings, nothing per reply. Growth over a long run is the soak scenario's.",
    ],
  };
}
