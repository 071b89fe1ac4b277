/**
 * The most a machine carries: the largest number of simultaneous 50 tokens/s streams at which the p99 added
 * gap between tokens stays ≤ 20 ms, for the product and for the peer, found by doubling then bisecting over
 * sizes, each path within its own time cap. Each probe is one phase of one path (the added gap is measured
 * against the mock's actual writes, so it needs no baseline phase).
 */
import { nowMs } from "../clock";
import { allAtOnce, cookieFor, measure, type BenchContext } from "../context";
import type { ScenarioReport, Table, Target } from "../report";
import { ms } from "../stats";
import { peerReply, replyDeadlineMs, type ReplyPlan, type StreamRun, type ReplyLength } from "../streams";
import { summarizeRuns } from "./concurrent";

export interface CapacitySizes extends ReplyLength {
  start: number;
  max: number;
  /** Per path, in seconds: no new probe starts after it. */
  capS: number;
}

const GAP_LIMIT_MS = 20;
const SLACK_MS = 60_000;

interface Probe {
  streams: number;
  p99Gap: number;
  peak: number;
  failed: number;
  ok: boolean;
}

type Path = "product" | "peer";

async function probe(context: BenchContext, path: Path, streams: number, sizes: CapacitySizes) {
  const plan = (): ReplyPlan => ({ tag: context.nextTag(), tokens: sizes.tokens, tokenMs: sizes.tokenMs });
  const deadline = replyDeadlineMs(plan(), SLACK_MS);
  const measured = await measure(context, () =>
    allAtOnce(streams, (index): Promise<StreamRun> =>
      path === "peer"
        ? peerReply(context.env.peer.url, plan(), deadline)
        : context.product.reply(cookieFor(context, index), plan(), deadline),
    ),
  );
  const s = summarizeRuns(measured, { streams, tokens: sizes.tokens, tokenMs: sizes.tokenMs });
  const bad = s.failed.length + s.delivery.lost + s.delivery.duplicated + s.delivery.reordered;
  const result: Probe = {
    streams,
    p99Gap: s.addedGap.p99,
    peak: s.mockOverlap.peak,
    failed: s.failed.length,
    ok: bad === 0 && s.addedGap.p99 <= GAP_LIMIT_MS,
  };
  context.log(
    `capacity: ${path} ${streams} streams → p99 added gap ${ms(result.p99Gap)} ms, peak ${result.peak}${result.ok ? "" : " (over)"}`,
  );
  return result;
}

/** Doubles from `start` while probes pass, then bisects between the last pass and the first failure. */
async function search(context: BenchContext, path: Path, sizes: CapacitySizes) {
  const probes: Probe[] = [];
  const until = nowMs() + sizes.capS * 1000;
  let pass = 0;
  let fail = Number.POSITIVE_INFINITY;
  let next = sizes.start;
  // Unmeasured: the path's first replies pay for JIT compilation and fresh connections.
  await probe(context, path, Math.min(10, sizes.start), sizes);
  while (nowMs() < until) {
    let result = await probe(context, path, next, sizes);
    probes.push(result);
    // One slow moment on a shared machine can sink a probe: a size is over only when a second try is too.
    if (!result.ok && nowMs() < until) {
      result = await probe(context, path, next, sizes);
      probes.push(result);
    }
    if (result.ok) pass = Math.max(pass, next);
    else fail = Math.min(fail, next);
    if (!Number.isFinite(fail)) {
      if (next >= sizes.max) break;
      next = Math.min(sizes.max, next * 2);
    } else {
      // Resolution: 10 % of the size, at least 5 streams.
      if (fail - pass <= Math.max(5, pass * 0.1)) break;
      next = Math.round((pass + fail) / 2);
    }
  }
  const capped = nowMs() >= until && (Number.isFinite(fail) ? fail - pass > Math.max(5, pass * 0.1) : true);
  return { path, pass, fail, probes, capped: capped && pass < sizes.max };
}

export async function capacityScenario(context: BenchContext, sizes: CapacitySizes): Promise<ScenarioReport> {
  const product = await search(context, "product", sizes);
  const peer = await search(context, "peer", sizes);
  const describe = (r: typeof product) =>
    `${r.pass}${Number.isFinite(r.fail) ? ` (${r.fail} over)` : ` (none over up to ${sizes.max})`}${r.capped ? ", time cap reached" : ""}`;
  const targets: Target[] = [
    {
      name: `most ${Math.round(1000 / sizes.tokenMs)} tokens/s streams with p99 added gap ≤ ${GAP_LIMIT_MS} ms, product vs peer`,
      target: "at least the peer's",
      measured: `product ${describe(product)}; peer ${describe(peer)}`,
      met: product.pass >= peer.pass,
    },
  ];
  const table: Table = {
    title: "Probes, in the order run",
    header: ["path", "streams", "peak at the mock", "p99 added gap ms", "failed replies", "within"],
    rows: [product, peer].flatMap((r) =>
      r.probes.map((p) => [
        r.path,
        String(p.streams),
        String(p.peak),
        ms(p.p99Gap),
        String(p.failed),
        p.ok ? "yes" : "no",
      ]),
    ),
  };
  return {
    id: "capacity",
    title: `The most a machine carries at ${Math.round(1000 / sizes.tokenMs)} tokens/s: product ${product.pass}, peer ${peer.pass}`,
    targets,
    tables: [table],
    notes: [
      `Each probe sends N replies of ${sizes.tokens} tokens at ${sizes.tokenMs} ms at once through one path; "within" means p99 added gap ≤ ${GAP_LIMIT_MS} ms with nothing failed, lost, duplicated or reordered. The search doubles from ${sizes.start} up to ${sizes.max}, then bisects to 10 % (at least 5 streams), each path within ${sizes.capS} s. A size counts as over only when two probes in a row are; each path starts with an unmeasured probe of 10 streams (warm-up).`,
      "Short replies with many streams do not all overlap (the 'peak at the mock' column says how many did); the figure is what the machine carries as they are sent at once, not a steady state.",
    ],
  };
}
