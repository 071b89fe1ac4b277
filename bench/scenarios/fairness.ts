/**
 * Scenario "fairness": one user floods the service with slow replies while another sends one message at a
 * time. The other user's time to first token is measured three ways in the same run: on an idle service,
 * while one Professional user fires `flood` replies at once (the plan's cap on replies in flight refuses
 * most, so the flood holds only its share of the workers), and while several flooders together hold more
 * replies than the workers have slots (the queue's round robin puts the other user's reply next when a slot
 * frees). Run it with a worker concurrency small enough to fill, as the review did:
 * `npm run bench -- --scenario fairness --worker-concurrency 20`.
 */
import { ttftOf } from "../analysis";
import { lagNote, loadTable, measure, sequentially, type BenchContext } from "../context";
import { distTable, type ScenarioReport, type Target } from "../report";
import { ms, summarize, type Summary } from "../stats";
import type { StreamRun } from "../streams";

export interface FairnessSizes {
  /** Replies each flooder asks for at once. */
  flood: number;
  /** Users flooding together in the saturating phase. */
  flooders: number;
  /** The other user's replies, one at a time, per phase. */
  probes: number;
  /** The flood's replies last from 1 s to this long, spread evenly, so slots free all the time. */
  floodSeconds: number;
  workerConcurrency: number;
}

const FLOOD_TOKEN_MS = 50;
const SLACK_MS = 60_000;
/** The issue's bound: another user's first token within about a second of idle while one user floods. */
const WITHIN_IDLE_MS = 1_000;

interface Flood {
  accepted: number;
  refused: number;
  failed: number;
  done: Promise<void>;
}

/** Fires every flooder's replies at once; resolves when each has been accepted or refused. */
async function startFlood(context: BenchContext, cookies: string[], sizes: FairnessSizes): Promise<Flood> {
  const flood: Flood = { accepted: 0, refused: 0, failed: 0, done: Promise.resolve() };
  const decided: Promise<void>[] = [];
  const finished: Promise<StreamRun>[] = [];
  cookies.forEach((cookie) => {
    for (let index = 0; index < sizes.flood; index += 1) {
      const seconds = 1 + ((index * 7) % sizes.floodSeconds);
      const tokens = Math.round((seconds * 1000) / FLOOD_TOKEN_MS);
      let accepted!: () => void;
      decided.push(new Promise<void>((resolve) => (accepted = resolve)));
      const reply = context.product
        .reply(
          cookie,
          { tag: context.nextTag(), tokens, tokenMs: FLOOD_TOKEN_MS },
          tokens * FLOOD_TOKEN_MS + SLACK_MS,
          accepted,
        )
        .then((run) => {
          if (run.tokens.length) flood.accepted += 1;
          else if (/429/.test(run.error ?? "")) flood.refused += 1;
          else flood.failed += 1;
          accepted();
          return run;
        });
      finished.push(reply);
    }
  });
  // A reply the workers have not started yet is decided once its first token comes; the refused are at once.
  await Promise.race([Promise.all(decided), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  flood.done = Promise.all(finished).then(() => undefined);
  return flood;
}

const probe = (context: BenchContext, cookie: string, count: number) =>
  sequentially(count, () =>
    context.product.reply(cookie, { tag: context.nextTag(), tokens: 5, tokenMs: 0 }, SLACK_MS),
  );

export async function fairnessScenario(context: BenchContext, sizes: FairnessSizes): Promise<ScenarioReport> {
  const [other, ...flooders] = context.cookies.slice(0, 1 + sizes.flooders);
  if (flooders.length < sizes.flooders) throw new Error("fairness needs 1 + --fair-flooders benchmark users");
  context.log(`fairness: ${sizes.probes} replies on an idle service`);
  const idle = await measure(context, () => probe(context, other!, sizes.probes));

  context.log(`fairness: one user asks for ${sizes.flood} replies at once`);
  const one = await measure(context, async () => {
    const flood = await startFlood(context, flooders.slice(0, 1), sizes);
    const runs = await probe(context, other!, sizes.probes);
    await flood.done;
    return { runs, flood };
  });

  context.log(`fairness: ${sizes.flooders} users ask for ${sizes.flood} replies each at once`);
  const many = await measure(context, async () => {
    const flood = await startFlood(context, flooders, sizes);
    const runs = await probe(context, other!, sizes.probes);
    await flood.done;
    return { runs, flood };
  });

  const ttft = (runs: StreamRun[]) => summarize(runs.map(ttftOf));
  const idleTtft = ttft(idle.result);
  const oneTtft = ttft(one.result.runs);
  const manyTtft = ttft(many.result.runs);
  const bad = [...idle.result, ...one.result.runs, ...many.result.runs].filter(
    (run) => run.error || run.terminal !== "done",
  );
  const within = (name: string, summary: Summary, key: "p50" | "p99"): Target => ({
    name,
    target: `≤ idle + ${WITHIN_IDLE_MS} ms`,
    measured: `${ms(summary[key])} ms (idle ${ms(idleTtft[key])} ms)`,
    met: summary[key] - idleTtft[key] <= WITHIN_IDLE_MS,
  });
  const floodNote = (label: string, flood: Flood) =>
    `${label}: ${flood.accepted} replies served, ${flood.refused} refused with 429 (replies in flight), ${flood.failed} failed otherwise.`;
  return {
    id: "fairness",
    title: "Another user's first token while one user floods",
    targets: [
      within("other user's TTFT p50 while one user floods", oneTtft, "p50"),
      within("other user's TTFT p99 while one user floods", oneTtft, "p99"),
    ],
    tables: [
      distTable(
        `The other user's TTFT, ${sizes.probes} replies one at a time per phase, WORKER_CONCURRENCY=${sizes.workerConcurrency} (ms)`,
        [
          ["idle service", idleTtft],
          [`one user floods (${sizes.flood} at once)`, oneTtft],
          [`${sizes.flooders} users flood (${sizes.flood} each), more than the slots`, manyTtft],
        ],
        [
          { label: "added while one user floods", of: oneTtft, minus: idleTtft },
          { label: `added while ${sizes.flooders} users flood`, of: manyTtft, minus: idleTtft },
        ],
      ),
      loadTable("Load while one user floods", one),
    ],
    notes: [
      floodNote("One flooder", one.result.flood),
      floodNote(`${sizes.flooders} flooders`, many.result.flood),
      `Flood replies last 1–${sizes.floodSeconds} s (${FLOOD_TOKEN_MS} ms a token). Replies of the other user not ending in \`done\`: ${bad.length}${bad[0] ? ` (first: ${bad[0].error ?? bad[0].terminal ?? "no terminal event"})` : ""}.`,
      lagNote(one),
    ],
  };
}
