/**
 * How cost grows with open streams: the concurrent load at several sizes (default 100, 250, 500, 1,000 at 20
 * tokens/s), each size a baseline phase, a floor phase (the queue path alone: bench/floor-web.ts) and a
 * product phase, and per size the CPU per token of the web, the worker and Redis, the memory per open stream,
 * and the hub's cost per token (the time Redis spends in the hub's XREADs and the EXECs of its wake-ups,
 * ÷ tokens). The hub's cost per token must not grow with the number of open streams.
 */
import { allAtOnce, cookieFor, cpuMsOf, measure, type BenchContext, type Measured } from "../context";
import { namedAs } from "../procstats";
import type { ScenarioReport, Table, Target } from "../report";
import { ms } from "../stats";
import {
  baselineReply,
  floorReply,
  replyDeadlineMs,
  type ReplyPlan,
  type StreamRun,
  type ReplyLength,
} from "../streams";
import { summarizeRuns } from "./concurrent";

export interface ScaleSizes extends ReplyLength {
  sizes: number[];
}

const SLACK_MS = 120_000;
/** "Does not grow": the largest size's hub cost per token within this factor of the smallest's (noise). */
const GROWTH_ALLOWED = 1.5;
/** The baseline keeps its schedule when its tokens reach the client this soon after their nominal time. */
const ON_SCHEDULE_MS = 20;
/** The hub's reads, and its wake-ups: a MULTI/EXEC (XADD + EXPIRE on its wake stream) that nothing else sends
 * in this scenario (the product's other MULTI, a stop request, is not made). */
const HUB_COMMANDS = ["xread", "exec"];

const usPerToken = (cpuMs: number, tokens: number) => (cpuMs * 1000) / tokens;

function kibPerStream(measured: Measured<unknown>, name: string, streams: number) {
  const usage = measured.usage.filter(namedAs(name));
  return usage.reduce((sum, u) => sum + (u.rssPeakKb - u.rssBeforeKb), 0) / streams;
}

export async function scaleScenario(context: BenchContext, sizes: ScaleSizes): Promise<ScenarioReport> {
  const rows: string[][] = [];
  const hub: { streams: number; usPerToken: number }[] = [];
  const lostAll = { lost: 0, duplicated: 0, reordered: 0 };
  const offSchedule: number[] = [];
  for (const streams of sizes.sizes) {
    const plan = (): ReplyPlan => ({ tag: context.nextTag(), tokens: sizes.tokens, tokenMs: sizes.tokenMs });
    const deadline = replyDeadlineMs(plan(), SLACK_MS);
    const concurrent = { streams, tokens: sizes.tokens, tokenMs: sizes.tokenMs };
    context.log(`scale: ${streams} streams, baseline`);
    const endpoint = context.env.mock.endpoint("together");
    const baseline = await measure(context, () =>
      allAtOnce(streams, () => baselineReply(endpoint, plan(), deadline)),
    );
    context.log(`scale: ${streams} streams, floor`);
    const floor = await measure(context, () =>
      allAtOnce(streams, () => floorReply(context.env.floor.url, plan(), deadline)),
    );
    context.log(`scale: ${streams} streams, product`);
    const product: Measured<StreamRun[]> = await measure(context, () =>
      allAtOnce(streams, (index) => context.product.reply(cookieFor(context, index), plan(), deadline)),
    );
    const b = summarizeRuns(baseline, concurrent);
    const p = summarizeRuns(product, concurrent);
    const f = summarizeRuns(floor, concurrent);
    const tokenCount = product.result.reduce(
      (sum, run) => sum + run.tokens.reduce((n, t) => n + t.text.split(" ").filter(Boolean).length, 0),
      0,
    );
    const hubUs = product.redis.commands
      .filter((c) => HUB_COMMANDS.includes(c.command))
      .reduce((sum, c) => sum + c.usec, 0);
    const hubPerToken = hubUs / tokenCount;
    hub.push({ streams, usPerToken: hubPerToken });
    lostAll.lost += p.delivery.lost;
    lostAll.duplicated += p.delivery.duplicated;
    lostAll.reordered += p.delivery.reordered;
    // The mock's timers drift over a long reply (write − nominal schedule grows with the token's index), so
    // the schedule that matters is the spacing: does the direct client get each token within the cadence?
    const baselineOnTime = b.gapOverCadence.p99 <= ON_SCHEDULE_MS;
    if (!baselineOnTime) offSchedule.push(streams);
    rows.push([
      String(streams),
      `${p.mockOverlap.peak}`,
      `${baselineOnTime ? "yes" : "NO"} (${ms(b.gapOverCadence.p99, 0)})`,
      ms(usPerToken(cpuMsOf(product, "web"), tokenCount), 1),
      ms(usPerToken(cpuMsOf(product, "worker"), tokenCount), 1),
      ms(usPerToken(cpuMsOf(product, "redis"), tokenCount), 1),
      ms(hubPerToken, 2),
      ms(kibPerStream(product, "web", streams), 0),
      ms(kibPerStream(product, "worker", streams), 0),
      ms(p.addedGap.p99, 0),
      `${p.delivery.lost} / ${p.delivery.duplicated} / ${p.delivery.reordered} / ${p.failed.length}`,
      `${ms(f.addedGap.p99, 0)} (${f.delivery.lost} / ${f.delivery.duplicated} / ${f.delivery.reordered} / ${f.failed.length})`,
    ]);
  }
  const smallest = hub[0]!;
  const largest = hub.at(-1)!;
  const growth = largest.usPerToken / smallest.usPerToken;
  const targets: Target[] = [
    {
      name: "hub cost per token does not grow with open streams",
      target: `${largest.streams} streams ≤ ${GROWTH_ALLOWED}× ${smallest.streams}`,
      measured: `${ms(largest.usPerToken, 2)} vs ${ms(smallest.usPerToken, 2)} µs (${ms(growth, 2)}×)`,
      met: growth <= GROWTH_ALLOWED,
    },
    {
      name: "lost / duplicated / reordered tokens, every size",
      target: "0",
      measured: `${lostAll.lost} / ${lostAll.duplicated} / ${lostAll.reordered}`,
      met: lostAll.lost + lostAll.duplicated + lostAll.reordered === 0,
    },
  ];
  const table: Table = {
    title: `Cost per token and per stream by open streams (${sizes.tokens} tokens at ${sizes.tokenMs} ms each)`,
    header: [
      "streams",
      "peak at the mock",
      "baseline keeps the cadence (its token gap − cadence p99, ms)",
      "web µs/token",
      "worker µs/token",
      "Redis µs/token",
      "hub (Redis XREAD + wake-up EXEC) µs/token",
      "web KiB/stream",
      "worker KiB/stream",
      "p99 added gap ms",
      "lost / dup / reordered / failed",
      "floor: p99 added gap ms (lost / dup / reordered / failed)",
    ],
    rows,
  };
  return {
    id: "scale",
    title: `How cost grows: ${sizes.sizes.join(", ")} open streams at ${Math.round(1000 / sizes.tokenMs)} tokens/s`,
    targets,
    tables: [table],
    notes: [
      "CPU per token: the process's CPU over the product phase (from /proc; Redis's own) ÷ tokens the client received; it includes sending the replies and the process's idle work in the phase. Memory per stream: peak RSS − RSS before the phase, ÷ streams.",
      `The baseline keeps its schedule when the direct client's gap between tokens is within ${ON_SCHEDULE_MS} ms of the cadence at p99 (the mock's timers drift over a long reply, so its writes against the nominal schedule are not the test); ${offSchedule.length ? `it did not at ${offSchedule.join(", ")} streams: there the machine itself cannot serve the load, and the product's figures say how it degrades, not what it sustains` : "it did at every size"}.`,
      "The peer is not run here (its cost per token is in scenario 2's peer phase); each size runs the baseline, the floor (the product's queue path without the product's own work), then the product.",
    ],
  };
}
