/** Turning recorded streams and tap records into the benchmark's figures. */
import type { TapRecord } from "./tap";
import { TOKEN_PATTERN, replyText, type StreamRun } from "./streams";

export const ttftOf = (run: StreamRun) => (run.tokens[0] ? run.tokens[0].at - run.start : Number.NaN);

/** Token name (`<tag>.t0001`) → when it arrived / was written, from a list of timed texts. */
function tokenTimes(items: { at: number; texts: string[] }[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const { at, texts } of items) {
    for (const text of texts)
      for (const [token] of text.matchAll(TOKEN_PATTERN)) if (!times.has(token)) times.set(token, at);
  }
  return times;
}

export const arrivalTimes = (run: StreamRun) =>
  tokenTimes(run.tokens.map(({ at, text }) => ({ at, texts: [text] })));
export const writeTimes = (record: TapRecord) => tokenTimes(record.writes);

export interface DeliveryCheck {
  /** Missing from a reply that ended with `done` (a reply cut short by the client's deadline is counted
   * apart, as unfinished: its missing tokens were late, not necessarily lost). */
  lost: number;
  duplicated: number;
  reordered: number;
  /** Tokens of another reply found in this one. */
  foreign: number;
  /** A `done` reply whose text differs from what the mock sent (covers anything the counts miss). */
  inexact: number;
}

/** Exactly-once, in-order check of one reply whose tokens are `<tag>.t0001` ... `<tag>.tNNNN`. */
export function checkDelivery(run: StreamRun, count: number): DeliveryCheck {
  const text = run.tokens.map((token) => token.text).join("");
  const seen = new Set<number>();
  const result: DeliveryCheck = { lost: 0, duplicated: 0, reordered: 0, foreign: 0, inexact: 0 };
  let highest = 0;
  for (const [, tag, digits] of text.matchAll(TOKEN_PATTERN)) {
    const number = Number(digits);
    if (tag !== run.tag) result.foreign += 1;
    else if (seen.has(number)) result.duplicated += 1;
    else {
      if (number < highest) result.reordered += 1;
      seen.add(number);
      highest = Math.max(highest, number);
    }
  }
  if (run.terminal === "done") {
    for (let number = 1; number <= count; number += 1) if (!seen.has(number)) result.lost += 1;
    if (text !== replyText({ tag: run.tag, tokens: count })) result.inexact = 1;
  }
  return result;
}

export function sumChecks(checks: DeliveryCheck[]): DeliveryCheck {
  return checks.reduce(
    (sum, check) => ({
      lost: sum.lost + check.lost,
      duplicated: sum.duplicated + check.duplicated,
      reordered: sum.reordered + check.reordered,
      foreign: sum.foreign + check.foreign,
      inexact: sum.inexact + check.inexact,
    }),
    { lost: 0, duplicated: 0, reordered: 0, foreign: 0, inexact: 0 },
  );
}

/** The tap's records by request id, in arrival order (a fallback has two: the failing vendor's, then the next). */
export function byRequestId(records: TapRecord[]): Map<string, TapRecord[]> {
  const grouped = new Map<string, TapRecord[]>();
  for (const record of records) {
    const list = grouped.get(record.requestId) ?? [];
    list.push(record);
    grouped.set(record.requestId, list);
  }
  return grouped;
}

/** The record that streamed the reply's text (the last one to write content). */
export const servingRecord = (records: TapRecord[] | undefined) =>
  records?.findLast((record) => record.writes.length);

export interface PerTokenTimes {
  /** Client arrival minus the mock's actual write, per token. */
  latency: number[];
  /** The same, for the tokens the mock wrote inside `fullLoad` (while every reply was streaming). */
  latencyAtFullLoad: number[];
  /** Per consecutive token pair: client-observed gap minus the mock's actual gap between writing them. */
  addedGap: number[];
  /** Per consecutive token pair: client-observed gap minus the nominal cadence. */
  gapOverCadence: number[];
  /** Between consecutive token events (a coalesced event holds several tokens). */
  eventGap: number[];
  /** The mock's write minus its nominal schedule (first write + i × cadence): how late the mock itself ran. */
  mockLateness: number[];
}

export function perTokenTimes(
  runs: StreamRun[],
  tap: Map<string, TapRecord[]>,
  cadenceMs: number,
  fullLoad: { from: number; to: number } = { from: 0, to: -1 },
): PerTokenTimes {
  const out: PerTokenTimes = {
    latency: [],
    latencyAtFullLoad: [],
    addedGap: [],
    gapOverCadence: [],
    eventGap: [],
    mockLateness: [],
  };
  for (const run of runs) {
    const record = servingRecord(tap.get(run.requestId));
    if (!record) continue;
    const written = writeTimes(record);
    const arrived = arrivalTimes(run);
    const names = replyText({ tag: run.tag, tokens: written.size }).split(" ");
    const firstWrite = written.get(names[0]!) ?? Number.NaN;
    names.forEach((name, i) => {
      const write = written.get(name);
      const arrival = arrived.get(name);
      if (write === undefined) return;
      out.mockLateness.push(write - (firstWrite + i * cadenceMs));
      if (arrival === undefined) return;
      out.latency.push(arrival - write);
      if (write >= fullLoad.from && write <= fullLoad.to) out.latencyAtFullLoad.push(arrival - write);
      const previous = i > 0 ? names[i - 1]! : undefined;
      const previousWrite = previous ? written.get(previous) : undefined;
      const previousArrival = previous ? arrived.get(previous) : undefined;
      if (previousWrite === undefined || previousArrival === undefined) return;
      out.addedGap.push(arrival - previousArrival - (write - previousWrite));
      out.gapOverCadence.push(arrival - previousArrival - cadenceMs);
    });
    for (let i = 1; i < run.tokens.length; i += 1)
      out.eventGap.push(run.tokens[i]!.at - run.tokens[i - 1]!.at);
  }
  return out;
}

/** Most intervals open at one instant, and how long all of them were open together (≤ 0: never). */
export function overlap(intervals: { from: number; to: number }[]) {
  const edges = intervals.flatMap(({ from, to }) => [
    { at: from, step: 1 },
    { at: to, step: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let open = 0;
  let peak = 0;
  for (const { step } of edges) peak = Math.max(peak, (open += step));
  // The window in which every interval was open (empty, from > to, when there was none).
  const window = {
    from: Math.max(...intervals.map((i) => i.from)),
    to: Math.min(...intervals.map((i) => i.to)),
  };
  return { peak, allOpenMs: window.to - window.from, window };
}
