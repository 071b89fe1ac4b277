/**
 * Scenario 3: the active vendor (Together) answers 500 before any token; the worker moves on to the next
 * vendor (Novita). Compared with the same product path when nothing fails, one reply at a time, interleaved.
 */
import { servingRecord, ttftOf } from "../analysis";
import { cookieFor, lagNote, loadTable, measure, sequentially, type BenchContext } from "../context";
import { distTable, type ScenarioReport, type Target } from "../report";
import { ms, subtract, summarize } from "../stats";
import type { ReplyPlan, StreamRun } from "../streams";
import type { TapRecord } from "../tap";

export interface FallbackSizes {
  count: number;
  warmup: number;
}

const TIMEOUT_MS = 60_000;
const FAULT = { together: { fault: "500" } };

interface Runs {
  healthy: StreamRun[];
  failing: StreamRun[];
}

async function interleaved(context: BenchContext, count: number): Promise<Runs> {
  const runs: Runs = { healthy: [], failing: [] };
  const reply = (index: number, vendors?: ReplyPlan["vendors"]) =>
    context.product.reply(
      cookieFor(context, index),
      { tag: context.nextTag(), tokens: 5, tokenMs: 0, vendors },
      TIMEOUT_MS,
    );
  await sequentially(count, async (index) => {
    runs.healthy.push(await reply(index));
    runs.failing.push(await reply(index, FAULT));
  });
  return runs;
}

/** The failing vendor's 500 fully written → the fallback vendor's request arriving: the worker's failover. */
function failover(runs: StreamRun[], tap: Map<string, TapRecord[]>): number[] {
  return runs.flatMap((run) => {
    const records = tap.get(run.requestId) ?? [];
    const failed = records.find((record) => record.path.startsWith("/together/") && record.status === 500);
    const next = records.find((record) => !record.path.startsWith("/together/"));
    return failed?.endedAt !== undefined && next ? [next.arrivedAt - failed.endedAt] : [];
  });
}

export async function fallbackScenario(context: BenchContext, sizes: FallbackSizes): Promise<ScenarioReport> {
  context.log(`fallback: warm-up, ${sizes.warmup} pairs`);
  await interleaved(context, sizes.warmup);
  context.log(`fallback: ${sizes.count} healthy and ${sizes.count} failing-first replies, interleaved`);
  const measured = await measure(context, () => interleaved(context, sizes.count));
  const { healthy, failing } = measured.result;
  const healthyTtft = summarize(healthy.map(ttftOf));
  const failingTtft = summarize(failing.map(ttftOf));
  const added = subtract(failingTtft, healthyTtft);
  const servedBy = failing.map(
    (run) => servingRecord(measured.tap.get(run.requestId))?.path.split("/")[1] ?? "none",
  );
  const byNovita = servedBy.filter((vendor) => vendor === "novita").length;
  const bad = [...healthy, ...failing].filter((run) => run.error || run.terminal !== "done");
  const targets: Target[] = [
    {
      name: "added TTFT p50 with a failing first vendor",
      target: "≤ 50 ms",
      measured: `${ms(added.p50)} ms`,
      met: added.p50 <= 50,
    },
    {
      name: "added TTFT p99 with a failing first vendor",
      target: "≤ 50 ms",
      measured: `${ms(added.p99)} ms`,
      met: added.p99 <= 50,
    },
    {
      name: "failing-first replies served by the fallback",
      target: String(sizes.count),
      measured: String(byNovita),
      met: byNovita === sizes.count,
    },
  ];
  return {
    id: "fallback",
    title: "Fallback after a vendor's 500 before the first token",
    targets,
    tables: [
      distTable(
        `TTFT through the product, ${sizes.count} each, interleaved (ms)`,
        [
          ["no fault", healthyTtft],
          ["together answers 500, novita serves", failingTtft],
        ],
        { label: "added (fault − no fault, per percentile)", of: failingTtft, minus: healthyTtft },
      ),
      distTable("Inside the worker (from the mock's tap), ms", [
        ["together's 500 sent → novita's request arrives", summarize(failover(failing, measured.tap))],
      ]),
      loadTable("Load during the phase", measured),
    ],
    notes: [
      `Replies not ending in \`done\`: ${bad.length}${bad[0] ? ` (first: ${bad[0].error ?? bad[0].terminal ?? "no terminal event"})` : ""}.`,
      lagNote(measured),
    ],
  };
}
