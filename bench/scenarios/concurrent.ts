/**
 * Scenario 2: many replies streaming at once at 50 tokens/s each. Every token is numbered and tagged with its
 * reply, so the client can tell lost, duplicated, reordered and misrouted tokens; the tap in the mock says
 * when each token really left the vendor, so delivery latency excludes the mock's own lateness. The peer (an
 * AI SDK `streamText` proxy) and the floor (the product's queue path without the product's own work:
 * bench/floor-web.ts) stream the same load in phases of their own, between the baseline and the product.
 */
import { checkDelivery, overlap, perTokenTimes, servingRecord, sumChecks, ttftOf } from "../analysis";
import {
  allAtOnce,
  cookieFor,
  cpuMsOf,
  cpuPerReplyTable,
  lagNote,
  loadTable,
  measure,
  redisCommandsNote,
  webCpuTarget,
  type BenchContext,
  type Measured,
} from "../context";
import { distTable, type ScenarioReport, type Table, type Target } from "../report";
import { ms, subtract, summarize, type Summary } from "../stats";
import {
  baselineReply,
  floorReply,
  peerReply,
  replyDeadlineMs,
  type ReplyPlan,
  type StreamRun,
  type ReplyLength,
} from "../streams";

export interface ConcurrentSizes extends ReplyLength {
  streams: number;
}

const SLACK_MS = 120_000;
const PROBE_EVERY_MS = 250;

export function summarizeRuns(measured: Measured<StreamRun[]>, sizes: ConcurrentSizes) {
  const runs = measured.result;
  const streaming = runs.flatMap((run) =>
    run.tokens.length ? [{ from: run.tokens[0]!.at, to: run.tokens.at(-1)!.at }] : [],
  );
  const atMock = runs.flatMap((run) => {
    const record = servingRecord(measured.tap.get(run.requestId));
    return record ? [{ from: record.writes[0]!.at, to: record.writes.at(-1)!.at }] : [];
  });
  const mockOverlap = overlap(atMock);
  const times = perTokenTimes(runs, measured.tap, sizes.tokenMs, mockOverlap.window);
  return {
    delivery: sumChecks(runs.map((run) => checkDelivery(run, sizes.tokens))),
    failed: runs.filter((run) => run.error || run.terminal !== "done"),
    firstError: runs.find((run) => run.error)?.error,
    latency: summarize(times.latency),
    latencyAtFullLoad: summarize(times.latencyAtFullLoad),
    addedGap: summarize(times.addedGap),
    gapOverCadence: summarize(times.gapOverCadence),
    eventGap: summarize(times.eventGap),
    mockLateness: summarize(times.mockLateness),
    ttft: summarize(runs.map(ttftOf)),
    clientOverlap: overlap(streaming),
    mockOverlap,
  };
}

const PEER = "peer proxy (AI SDK)";

function memoryTable(product: Measured<StreamRun[]>, peer: Measured<StreamRun[]>, streams: number): Table {
  const rows = [
    ...product.usage.filter((u) => u.name === "web" || u.name.startsWith("worker")),
    ...peer.usage.filter((u) => u.name === PEER),
  ].map((u) => [
    u.name,
    ms(u.rssBeforeKb / 1024),
    ms(u.rssPeakKb / 1024),
    ms((u.rssPeakKb - u.rssBeforeKb) / streams, 1),
  ]);
  return {
    title: `Memory per open stream (RSS, ${streams} streams)`,
    header: ["process", "before MiB", "peak MiB", "KiB per stream"],
    rows,
  };
}

function together(label: string, overlap: { peak: number; allOpenMs: number }, streams: number) {
  return overlap.allOpenMs > 0
    ? `${label}: all ${streams} replies were streaming at the mock together for ${ms(overlap.allOpenMs / 1000, 1)} s.`
    : `${label}: never all ${streams} at once (peak ${overlap.peak}): the first replies had ended before the last began.`;
}

/** A reply the worker ran more than once (BullMQ re-runs a job whose lock expired) calls the vendor again. */
function rerunNote(measured: Measured<StreamRun[]>) {
  const calls = measured.result.map((run) => measured.tap.get(run.requestId)?.length ?? 0);
  const counts = new Map<number, number>();
  for (const n of calls) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([n, replies]) => `${replies} replies with ${n} call(s)`)
    .join(", ");
}

export async function concurrentScenario(
  context: BenchContext,
  sizes: ConcurrentSizes,
): Promise<ScenarioReport> {
  const plan = (): ReplyPlan => ({ tag: context.nextTag(), tokens: sizes.tokens, tokenMs: sizes.tokenMs });
  const deadline = replyDeadlineMs(plan(), SLACK_MS);
  context.log(`concurrent: baseline, ${sizes.streams} streams read from the mock at once`);
  const endpoint = context.env.mock.endpoint("together");
  const baseline = await measure(context, () =>
    allAtOnce(sizes.streams, () => baselineReply(endpoint, plan(), deadline)),
  );
  context.log(`concurrent: peer, ${sizes.streams} replies through the AI SDK proxy at once`);
  const peer = await measure(context, () =>
    allAtOnce(sizes.streams, () => peerReply(context.env.peer.url, plan(), deadline)),
  );
  context.log(`concurrent: floor, ${sizes.streams} replies through the queue path alone at once`);
  const floor = await measure(context, () =>
    allAtOnce(sizes.streams, () => floorReply(context.env.floor.url, plan(), deadline)),
  );
  context.log(`concurrent: product, ${sizes.streams} replies sent at once`);
  const product = await measure(
    context,
    () =>
      allAtOnce(sizes.streams, (index) => context.product.reply(cookieFor(context, index), plan(), deadline)),
    { probeEveryMs: PROBE_EVERY_MS },
  );

  const b = summarizeRuns(baseline, sizes);
  const p = summarizeRuns(product, sizes);
  const q = summarizeRuns(peer, sizes);
  const f = summarizeRuns(floor, sizes);
  const added = subtract(p.latency, b.latency);
  const peerAdded = subtract(q.latency, b.latency);
  const floorAdded = subtract(f.latency, b.latency);
  const sent = product.result.map((run) => run.start);
  const posted = product.result.flatMap((run) => (run.postEnd ? [run.postEnd] : []));
  const rampMs = Math.max(...posted) - Math.min(...sent);
  const memory = memoryTable(product, peer, sizes.streams);
  const perStream = (name: string) =>
    memory.rows
      .filter((row) => row[0]!.startsWith(name))
      .map((row) => `${row[3]} KiB`)
      .join(" + ");
  const targets: Target[] = [
    {
      name: "lost tokens (in replies that ended `done`)",
      target: "0",
      measured: String(p.delivery.lost),
      met: p.delivery.lost === 0,
    },
    {
      name: "duplicated tokens",
      target: "0",
      measured: String(p.delivery.duplicated),
      met: p.delivery.duplicated === 0,
    },
    {
      name: "reordered tokens",
      target: "0",
      measured: String(p.delivery.reordered),
      met: p.delivery.reordered === 0,
    },
    {
      name: "replies not ending `done` in time / misrouted tokens / inexact `done` replies",
      target: "0",
      measured: `${p.failed.length} / ${p.delivery.foreign} / ${p.delivery.inexact}`,
      met: p.failed.length + p.delivery.foreign + p.delivery.inexact === 0,
    },
    {
      name: "p99 added gap between tokens (token gap − the mock's actual gap)",
      target: "≤ 20 ms",
      measured: `${ms(p.addedGap.p99)} ms`,
      met: p.addedGap.p99 <= 20,
    },
    {
      name: `all ${sizes.streams} streaming at the same time`,
      target: String(sizes.streams),
      measured: `peak ${p.mockOverlap.peak} at the mock, ${p.clientOverlap.peak} at the client`,
      met: p.mockOverlap.peak === sizes.streams,
    },
    webCpuTarget(
      `web CPU per ${sizes.tokens}-token reply`,
      product,
      sizes.streams,
      ` (peer ${ms(cpuMsOf(peer, PEER) / sizes.streams, 2)} ms)`,
    ),
  ];
  return {
    id: "concurrent",
    title: `${sizes.streams} simultaneous streaming replies (${sizes.tokens} tokens at ${sizes.tokenMs} ms each)`,
    targets,
    tables: [
      distTable(
        "Per-token delivery latency: client reads the token − mock wrote it (ms)",
        [
          ["baseline: mock read directly", b.latency],
          ["peer: AI SDK streamText proxy", q.latency],
          ["floor: the queue path alone", f.latency],
          ["product: web → queue → worker → Redis → SSE", p.latency],
          [`baseline: tokens written while all ${sizes.streams} streamed`, b.latencyAtFullLoad],
          [`peer: tokens written while all ${sizes.streams} streamed`, q.latencyAtFullLoad],
          [`floor: tokens written while all ${sizes.streams} streamed`, f.latencyAtFullLoad],
          [`product: tokens written while all ${sizes.streams} streamed`, p.latencyAtFullLoad],
        ],
        [
          { label: "peer added (peer − baseline, per percentile)", of: q.latency, minus: b.latency },
          { label: "floor added (floor − baseline, per percentile)", of: f.latency, minus: b.latency },
          { label: "product added (product − baseline, per percentile)", of: p.latency, minus: b.latency },
        ],
      ),
      distTable("Gaps between tokens (ms)", [
        ["baseline: gap between token events", b.eventGap],
        ["product: gap between token events (raw)", p.eventGap],
        ["peer: token gap − mock's actual gap (added gap)", q.addedGap],
        ["floor: token gap − mock's actual gap (added gap)", f.addedGap],
        ["product: token gap − mock's actual gap (added gap)", p.addedGap],
        [`product: token gap − ${sizes.tokenMs} ms cadence`, p.gapOverCadence],
        ["mock (product phase): write − nominal schedule", p.mockLateness],
        ["mock (peer phase): write − nominal schedule", q.mockLateness],
        ["mock (floor phase): write − nominal schedule", f.mockLateness],
        ["mock (baseline phase): write − nominal schedule", b.mockLateness],
      ]),
      distTable("Time to first token under this load (ms)", [
        ["baseline", b.ttft],
        ["peer", q.ttft],
        ["floor", f.ttft],
        ["product", p.ttft],
        ...(product.probe
          ? [["web GET /healthz during the product phase", product.probe] as [string, Summary]]
          : []),
      ]),
      memory,
      cpuPerReplyTable(`CPU per reply, each path in its own phase`, product, [
        ["product: web", "web", sizes.streams],
        ["product: worker", "worker", sizes.streams],
        ["product: redis", "redis", sizes.streams],
      ]),
      cpuPerReplyTable("CPU per reply, peer phase", peer, [["peer: AI SDK proxy", PEER, sizes.streams]]),
      cpuPerReplyTable("CPU per reply, floor phase", floor, [
        ["floor: web", "floor web", sizes.streams],
        ["floor: worker", "floor worker", sizes.streams],
        ["floor: redis", "redis", sizes.streams],
      ]),
      loadTable("Load during the product phase", product),
      loadTable("Load during the peer phase", peer),
      loadTable("Load during the floor phase", floor),
      loadTable("Load during the baseline phase", baseline),
    ],
    notes: [
      `Added per-token latency p50 ${ms(added.p50)} / p90 ${ms(added.p90)} / p99 ${ms(added.p99)} / max ${ms(added.max)} ms; the peer's p50 ${ms(peerAdded.p50)} / p99 ${ms(peerAdded.p99)} ms; the floor's p50 ${ms(floorAdded.p50)} / p99 ${ms(floorAdded.p99)} ms.`,
      `Memory per open stream: web ${perStream("web")}, worker ${perStream("worker")}; peer ${perStream(PEER)} (peak RSS − RSS before, ÷ ${sizes.streams}).`,
      `Sending took ${ms(rampMs / 1000, 2)} s from the first POST to the last 302. ${together("Product", p.mockOverlap, sizes.streams)} ${together("Peer", q.mockOverlap, sizes.streams)} ${together("Floor", f.mockOverlap, sizes.streams)} ${together("Baseline", b.mockOverlap, sizes.streams)}`,
      `Vendor calls per reply (from the tap): ${rerunNote(product)}`,
      `Failed product replies: ${p.failed.length}${p.firstError ? ` (first: ${p.firstError})` : ""}; peer: ${q.failed.length}${q.firstError ? ` (first: ${q.firstError})` : ""}; floor: ${f.failed.length}${f.firstError ? ` (first: ${f.firstError})` : ""}; baseline: ${b.failed.length}; peer delivery ${JSON.stringify(q.delivery)}; floor delivery ${JSON.stringify(f.delivery)}; baseline delivery ${JSON.stringify(b.delivery)}.`,
      `Product phase: ${lagNote(product)}`,
      `Peer phase: ${lagNote(peer)}`,
      `Floor phase: ${lagNote(floor)}`,
      `Baseline phase: ${lagNote(baseline)}`,
      redisCommandsNote(product),
    ],
  };
}
