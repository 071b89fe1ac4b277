/**
 * Scenario 1: added time to first token. The same client measures the mock read directly (baseline) and the
 * product (POST, then the completion's event stream), one at a time and then many at once.
 */
import { servingRecord, ttftOf } from "../analysis";
import {
  allAtOnce,
  cookieFor,
  lagNote,
  loadTable,
  measure,
  redisCommandsNote,
  sequentially,
  type BenchContext,
} from "../context";
import { distTable, type ScenarioReport, type Table, type Target } from "../report";
import { ms, subtract, summarize } from "../stats";
import { baselineReply, type ReplyPlan, type StreamRun } from "../streams";
import type { TapRecord } from "../tap";

export interface TtftSizes {
  sequential: number;
  parallel: number;
  rounds: number;
  warmup: number;
}

const TIMEOUT_MS = 60_000;
/** A short reply: the first token is what is measured; the rest only has to finish cleanly. */
const plan = (tag: string): ReplyPlan => ({ tag, tokens: 5, tokenMs: 0, ttftMs: 0 });

interface Pair {
  baseline: StreamRun[];
  product: StreamRun[];
}

function oneBaseline(context: BenchContext) {
  return baselineReply(context.env.mock.endpoint("together"), plan(context.nextTag()), TIMEOUT_MS);
}

function oneProduct(context: BenchContext, index: number) {
  return context.product.reply(cookieFor(context, index), plan(context.nextTag()), TIMEOUT_MS);
}

/** Baseline and product alternate, so both see the same machine state over the phase. */
async function interleaved(context: BenchContext, count: number): Promise<Pair> {
  const pair: Pair = { baseline: [], product: [] };
  await sequentially(count, async (index) => {
    pair.baseline.push(await oneBaseline(context));
    pair.product.push(await oneProduct(context, index));
  });
  return pair;
}

async function inRounds(context: BenchContext, size: number, rounds: number): Promise<Pair> {
  const pair: Pair = { baseline: [], product: [] };
  await sequentially(rounds, async () => {
    pair.baseline.push(...(await allAtOnce(size, () => oneBaseline(context))));
    pair.product.push(...(await allAtOnce(size, (index) => oneProduct(context, index))));
  });
  return pair;
}

const failed = (runs: StreamRun[]) =>
  runs.filter((run) => run.error || !run.tokens.length || run.terminal !== "done");

/** Where the product's first token spends its time, from the tap's arrival and write times. */
function stages(title: string, pair: Pair, tap: Map<string, TapRecord[]>): Table {
  const stage = (runs: StreamRun[], pick: (run: StreamRun, record: TapRecord) => number) =>
    summarize(
      runs.flatMap((run) => {
        const record = servingRecord(tap.get(run.requestId));
        return record ? [pick(run, record)] : [];
      }),
    );
  const firstWrite = (record: TapRecord) => record.writes[0]!.at;
  return distTable(title, [
    ["product: POST sent → 302 read", summarize(pair.product.map((r) => (r.postEnd ?? NaN) - r.start))],
    [
      "product: 302 read → stream headers read",
      summarize(pair.product.map((r) => (r.openedAt ?? NaN) - (r.postEnd ?? NaN))),
    ],
    [
      "product: POST sent → vendor call reaches mock",
      stage(pair.product, (run, record) => record.arrivedAt - run.start),
    ],
    [
      "baseline: request sent → reaches mock",
      stage(pair.baseline, (run, record) => record.arrivedAt - run.start),
    ],
    [
      "product: mock gets call → writes 1st token",
      stage(pair.product, (_, record) => firstWrite(record) - record.arrivedAt),
    ],
    [
      "baseline: mock gets call → writes 1st token",
      stage(pair.baseline, (_, record) => firstWrite(record) - record.arrivedAt),
    ],
    [
      "product: mock writes 1st token → client reads it",
      stage(pair.product, (run, record) => (run.tokens[0]?.at ?? NaN) - firstWrite(record)),
    ],
    [
      "baseline: mock writes 1st token → client reads it",
      stage(pair.baseline, (run, record) => (run.tokens[0]?.at ?? NaN) - firstWrite(record)),
    ],
  ]);
}

export async function ttftScenario(context: BenchContext, sizes: TtftSizes): Promise<ScenarioReport> {
  context.log(`ttft: warm-up, ${sizes.warmup} replies each way`);
  await interleaved(context, sizes.warmup);
  context.log(`ttft: ${sizes.sequential} sequential replies each way, interleaved`);
  const sequential = await measure(context, () => interleaved(context, sizes.sequential));
  context.log(`ttft: ${sizes.rounds} round(s) of ${sizes.parallel} replies at once each way`);
  const parallel = await measure(context, () => inRounds(context, sizes.parallel, sizes.rounds));

  const summaries = (pair: Pair) => ({
    baseline: summarize(pair.baseline.map(ttftOf)),
    product: summarize(pair.product.map(ttftOf)),
  });
  const seq = summaries(sequential.result);
  const par = summaries(parallel.result);
  const seqAdded = subtract(seq.product, seq.baseline);
  const parAdded = subtract(par.product, par.baseline);
  const targets: Target[] = [
    {
      name: "added TTFT p50, one at a time",
      target: "≤ 5 ms",
      measured: `${ms(seqAdded.p50)} ms`,
      met: seqAdded.p50 <= 5,
    },
    {
      name: "added TTFT p99, one at a time",
      target: "≤ 20 ms",
      measured: `${ms(seqAdded.p99)} ms`,
      met: seqAdded.p99 <= 20,
    },
    {
      name: `added TTFT p99, ${sizes.parallel} at once`,
      target: "≤ 50 ms",
      measured: `${ms(parAdded.p99)} ms`,
      met: parAdded.p99 <= 50,
    },
  ];
  const failures = [...failed(sequential.result.product), ...failed(parallel.result.product)];
  const baselineFailures = [...failed(sequential.result.baseline), ...failed(parallel.result.baseline)];
  return {
    id: "ttft",
    title: "1. Added time to first token (mock TTFT 0)",
    targets,
    tables: [
      distTable(
        `TTFT one at a time (${sizes.sequential} each, interleaved), ms`,
        [
          ["baseline: mock read directly", seq.baseline],
          ["product: POST → first token event", seq.product],
        ],
        { label: "added (product − baseline, per percentile)", of: seq.product, minus: seq.baseline },
      ),
      distTable(
        `TTFT ${sizes.parallel} at once (${sizes.rounds} round(s)), ms`,
        [
          ["baseline: mock read directly", par.baseline],
          ["product: POST → first token event", par.product],
        ],
        { label: "added (product − baseline, per percentile)", of: par.product, minus: par.baseline },
      ),
      stages("Where the time goes, one at a time (ms)", sequential.result, sequential.tap),
      stages(`Where the time goes, ${sizes.parallel} at once (ms)`, parallel.result, parallel.tap),
      loadTable("Load during the one-at-a-time phase", sequential),
      loadTable(`Load during the ${sizes.parallel}-at-once phase`, parallel),
    ],
    notes: [
      `Failed replies: product ${failures.length}${failures[0] ? ` (first: ${failures[0].error ?? "no token/done"})` : ""}, baseline ${baselineFailures.length}.`,
      `One at a time: ${lagNote(sequential)}`,
      `${sizes.parallel} at once: ${lagNote(parallel)}`,
      redisCommandsNote(parallel),
    ],
  };
}
