/**
 * Scenario 1: added time to first token. The same client measures the mock read directly (baseline), the peer
 * (an AI SDK `streamText` proxy in front of the same mock), the floor (the product's queue path with none of the
 * product's own work: bench/floor-web.ts) and the product (the send answered with its reply's event
 * stream, or with `--product-send form` the form's POST and then the stream), one at a time and then many at
 * once, interleaved in one run.
 */
import { servingRecord, ttftOf } from "../analysis";
import {
  allAtOnce,
  cookieFor,
  cpuPerReplyTable,
  lagNote,
  loadTable,
  measure,
  redisCommandsNote,
  sequentially,
  webCpuTarget,
  type BenchContext,
  type Measured,
} from "../context";
import { distTable, type ScenarioReport, type Table, type Target } from "../report";
import { ms, subtract, summarize, type Summary } from "../stats";
import { baselineReply, floorReply, peerReply, type ReplyPlan, type StreamRun } from "../streams";
import type { TapRecord } from "../tap";

export interface TtftSizes {
  sequential: number;
  parallel: number;
  rounds: number;
  warmup: number;
}

const TIMEOUT_MS = 60_000;
/** A short reply: the first token is what is measured; the rest only has to finish cleanly. */
const REPLY_TOKENS = 5;
const plan = (tag: string): ReplyPlan => ({ tag, tokens: REPLY_TOKENS, tokenMs: 0, ttftMs: 0 });

/** The targets, judged in the same run as the peer. */
const TARGET = { seqP50: 4, seqP99: 15, parP99: 100 };

interface Runs {
  baseline: StreamRun[];
  peer: StreamRun[];
  floor: StreamRun[];
  product: StreamRun[];
}

function oneBaseline(context: BenchContext) {
  return baselineReply(context.env.mock.endpoint("together"), plan(context.nextTag()), TIMEOUT_MS);
}

function onePeer(context: BenchContext) {
  return peerReply(context.env.peer.url, plan(context.nextTag()), TIMEOUT_MS);
}

function oneFloor(context: BenchContext) {
  return floorReply(context.env.floor.url, plan(context.nextTag()), TIMEOUT_MS);
}

function oneProduct(context: BenchContext, index: number) {
  return context.product.reply(cookieFor(context, index), plan(context.nextTag()), TIMEOUT_MS);
}

/** Baseline, peer, floor and product take turns, so all four see the same machine state over the phase. */
async function interleaved(context: BenchContext, count: number): Promise<Runs> {
  const runs: Runs = { baseline: [], peer: [], floor: [], product: [] };
  await sequentially(count, async (index) => {
    runs.baseline.push(await oneBaseline(context));
    runs.peer.push(await onePeer(context));
    runs.floor.push(await oneFloor(context));
    runs.product.push(await oneProduct(context, index));
  });
  return runs;
}

async function inRounds(context: BenchContext, size: number, rounds: number): Promise<Runs> {
  const runs: Runs = { baseline: [], peer: [], floor: [], product: [] };
  await sequentially(rounds, async () => {
    runs.baseline.push(...(await allAtOnce(size, () => oneBaseline(context))));
    runs.peer.push(...(await allAtOnce(size, () => onePeer(context))));
    runs.floor.push(...(await allAtOnce(size, () => oneFloor(context))));
    runs.product.push(...(await allAtOnce(size, (index) => oneProduct(context, index))));
  });
  return runs;
}

const failed = (runs: StreamRun[]) =>
  runs.filter((run) => run.error || !run.tokens.length || run.terminal !== "done");

/** Where the product's first token spends its time, from the tap's arrival and write times. */
function stages(title: string, runs: Runs, tap: Map<string, TapRecord[]>): Table {
  const stage = (runs: StreamRun[], pick: (run: StreamRun, record: TapRecord) => number) =>
    summarize(
      runs.flatMap((run) => {
        const record = servingRecord(tap.get(run.requestId));
        return record ? [pick(run, record)] : [];
      }),
    );
  const firstWrite = (record: TapRecord) => record.writes[0]!.at;
  return distTable(title, [
    [
      "product: POST sent → send accepted (302, or `accepted` event)",
      summarize(runs.product.map((r) => (r.postEnd ?? NaN) - r.start)),
    ],
    [
      // The send answered with the stream has its headers before `accepted`: nothing in between.
      "product: send accepted → stream headers read",
      summarize(runs.product.map((r) => Math.max(0, (r.openedAt ?? NaN) - (r.postEnd ?? NaN)))),
    ],
    [
      "product: POST sent → vendor call reaches mock",
      stage(runs.product, (run, record) => record.arrivedAt - run.start),
    ],
    [
      "peer: POST sent → vendor call reaches mock",
      stage(runs.peer, (run, record) => record.arrivedAt - run.start),
    ],
    [
      "floor: POST sent → vendor call reaches mock",
      stage(runs.floor, (run, record) => record.arrivedAt - run.start),
    ],
    [
      "baseline: request sent → reaches mock",
      stage(runs.baseline, (run, record) => record.arrivedAt - run.start),
    ],
    [
      "product: mock gets call → writes 1st token",
      stage(runs.product, (_, record) => firstWrite(record) - record.arrivedAt),
    ],
    [
      "baseline: mock gets call → writes 1st token",
      stage(runs.baseline, (_, record) => firstWrite(record) - record.arrivedAt),
    ],
    [
      "product: mock writes 1st token → client reads it",
      stage(runs.product, (run, record) => (run.tokens[0]?.at ?? NaN) - firstWrite(record)),
    ],
    [
      "peer: mock writes 1st token → client reads it",
      stage(runs.peer, (run, record) => (run.tokens[0]?.at ?? NaN) - firstWrite(record)),
    ],
    [
      "floor: mock writes 1st token → client reads it",
      stage(runs.floor, (run, record) => (run.tokens[0]?.at ?? NaN) - firstWrite(record)),
    ],
    [
      "baseline: mock writes 1st token → client reads it",
      stage(runs.baseline, (run, record) => (run.tokens[0]?.at ?? NaN) - firstWrite(record)),
    ],
  ]);
}

/** The four ways' TTFT side by side, and what the peer, the floor and the product add to the baseline. */
function ttftTable(
  title: string,
  ttft: { baseline: Summary; peer: Summary; floor: Summary; product: Summary },
): Table {
  return distTable(
    title,
    [
      ["baseline: mock read directly", ttft.baseline],
      ["peer: AI SDK streamText proxy → first text-delta", ttft.peer],
      ["floor: the queue path alone → first token event", ttft.floor],
      ["product: POST → first token event", ttft.product],
    ],
    [
      { label: "peer added (peer − baseline, per percentile)", of: ttft.peer, minus: ttft.baseline },
      { label: "floor added (floor − baseline, per percentile)", of: ttft.floor, minus: ttft.baseline },
      { label: "product added (product − baseline, per percentile)", of: ttft.product, minus: ttft.baseline },
    ],
  );
}

export async function ttftScenario(context: BenchContext, sizes: TtftSizes): Promise<ScenarioReport> {
  context.log(`ttft: warm-up, ${sizes.warmup} replies each way`);
  await interleaved(context, sizes.warmup);
  context.log(`ttft: ${sizes.sequential} sequential replies each way, interleaved`);
  const sequential = await measure(context, () => interleaved(context, sizes.sequential));
  context.log(`ttft: ${sizes.rounds} round(s) of ${sizes.parallel} replies at once each way`);
  const parallel = await measure(context, () => inRounds(context, sizes.parallel, sizes.rounds));

  const summaries = (runs: Runs) => ({
    baseline: summarize(runs.baseline.map(ttftOf)),
    peer: summarize(runs.peer.map(ttftOf)),
    floor: summarize(runs.floor.map(ttftOf)),
    product: summarize(runs.product.map(ttftOf)),
  });
  const seq = summaries(sequential.result);
  const par = summaries(parallel.result);
  const added = {
    seq: { product: subtract(seq.product, seq.baseline), peer: subtract(seq.peer, seq.baseline) },
    par: { product: subtract(par.product, par.baseline), peer: subtract(par.peer, par.baseline) },
  };
  const vsPeer = (product: number, peer: number) => `${ms(product)} vs peer ${ms(peer)} ms`;
  const targets: Target[] = [
    {
      name: "added TTFT p50, one at a time",
      target: `≤ ${TARGET.seqP50} ms`,
      measured: `${ms(added.seq.product.p50)} ms`,
      met: added.seq.product.p50 <= TARGET.seqP50,
    },
    {
      name: "added TTFT p99, one at a time",
      target: `≤ ${TARGET.seqP99} ms`,
      measured: `${ms(added.seq.product.p99)} ms`,
      met: added.seq.product.p99 <= TARGET.seqP99,
    },
    {
      name: "added TTFT p50, one at a time, vs the peer",
      target: "below the peer's",
      measured: vsPeer(added.seq.product.p50, added.seq.peer.p50),
      met: added.seq.product.p50 < added.seq.peer.p50,
    },
    {
      name: "added TTFT p99, one at a time, vs the peer",
      target: "below the peer's",
      measured: vsPeer(added.seq.product.p99, added.seq.peer.p99),
      met: added.seq.product.p99 < added.seq.peer.p99,
    },
    {
      name: `added TTFT p99, ${sizes.parallel} at once`,
      target: `≤ ${TARGET.parP99} ms`,
      measured: `${ms(added.par.product.p99)} ms`,
      met: added.par.product.p99 <= TARGET.parP99,
    },
    {
      name: `added TTFT p99, ${sizes.parallel} at once, vs the peer`,
      target: "no worse than the peer's",
      measured: vsPeer(added.par.product.p99, added.par.peer.p99),
      met: added.par.product.p99 <= added.par.peer.p99,
    },
    webCpuTarget(`web CPU per ${REPLY_TOKENS}-token reply, one at a time`, sequential, sizes.sequential),
    webCpuTarget(
      `web CPU per ${REPLY_TOKENS}-token reply, ${sizes.parallel} at once`,
      parallel,
      sizes.parallel * sizes.rounds,
    ),
  ];
  const failures = [...failed(sequential.result.product), ...failed(parallel.result.product)];
  const peerFailures = [...failed(sequential.result.peer), ...failed(parallel.result.peer)];
  const baselineFailures = [...failed(sequential.result.baseline), ...failed(parallel.result.baseline)];
  const floorFailures = [...failed(sequential.result.floor), ...failed(parallel.result.floor)];
  const firstError = (runs: StreamRun[]) => (runs[0] ? ` (first: ${runs[0].error ?? "no token/done"})` : "");
  return {
    id: "ttft",
    title: "Added time to first token (mock TTFT 0)",
    targets,
    tables: [
      ttftTable(`TTFT one at a time (${sizes.sequential} each way, interleaved), ms`, seq),
      ttftTable(`TTFT ${sizes.parallel} at once (${sizes.rounds} round(s)), ms`, par),
      stages("Where the time goes, one at a time (ms)", sequential.result, sequential.tap),
      stages(`Where the time goes, ${sizes.parallel} at once (ms)`, parallel.result, parallel.tap),
      cpuTable("one at a time", sequential, sizes.sequential),
      cpuTable(`${sizes.parallel} at once`, parallel, sizes.parallel * sizes.rounds),
      loadTable("Load during the one-at-a-time phase", sequential),
      loadTable(`Load during the ${sizes.parallel}-at-once phase`, parallel),
    ],
    notes: [
      `Failed replies: product ${failures.length}${firstError(failures)}, peer ${peerFailures.length}${firstError(peerFailures)}, floor ${floorFailures.length}${firstError(floorFailures)}, baseline ${baselineFailures.length}.`,
      `CPU per reply: each process's CPU over the phase ÷ the replies that went through it, ${REPLY_TOKENS}-token replies (the web target is for a 100-token reply). The phase interleaves all four paths, so each figure also carries that process's idle work while the other paths ran.`,
      `One at a time: ${lagNote(sequential)}`,
      `${sizes.parallel} at once: ${lagNote(parallel)}`,
      redisCommandsNote(parallel),
    ],
  };
}

function cpuTable(label: string, measured: Measured<Runs>, replies: number): Table {
  return cpuPerReplyTable(`CPU per reply, ${label}`, measured, [
    ["product: web", "web", replies],
    ["product: worker", "worker", replies],
    // One Redis serves the product and the floor.
    ["redis (product and floor)", "redis", replies * 2],
    ["peer: AI SDK proxy", "peer proxy (AI SDK)", replies],
    ["floor: web", "floor web", replies],
    ["floor: worker", "floor worker", replies],
    ["mock vendor (all four paths)", "mock vendor", replies * 4],
  ]);
}
