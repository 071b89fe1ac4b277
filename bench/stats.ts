/** Distributions as the report shows them: count, percentiles by nearest rank, max. */
export interface Summary {
  n: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export const PERCENTILES = ["p50", "p90", "p99", "max"] as const;
export type PercentileKey = (typeof PERCENTILES)[number];

/** Nearest-rank percentile of an ascending array: the smallest value with at least p% of values at or below. */
function rank(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(values: number[]): Summary {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: rank(sorted, 50),
    p90: rank(sorted, 90),
    p99: rank(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** Percentile by percentile: `a` minus `b`. The two runs are not paired, so this is a difference of
 * percentiles, not a percentile of differences. */
export function subtract(a: Summary, b: Summary): Record<PercentileKey, number> {
  return { p50: a.p50 - b.p50, p90: a.p90 - b.p90, p99: a.p99 - b.p99, max: a.max - b.max };
}

export const ms = (value: number, digits = 1): string =>
  Number.isFinite(value) ? value.toFixed(digits) : "–";
