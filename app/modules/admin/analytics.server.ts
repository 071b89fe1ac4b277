/**
 * Usage figures for the console, all read here: vendor health from `completion_attempts` and `completions`,
 * usage over time from the ledger `usage_events` (which outlives deleted chats). Every read is a range over an
 * indexed time column, aggregated by the database; nothing is sampled or invented (an empty range is empty).
 */
import { sql } from "kysely";
import type { Db } from "#db/database";
import type { AnalyticsRange } from "./schemas";
import { translate } from "~/modules/i18n/translate";

export interface VendorHealth {
  vendor: string;
  attempts: number;
  errors: number;
  /** Share of attempts that failed, 0..1; null without attempts. */
  errorRate: number | null;
  ttftP50Ms: number | null;
  ttftP95Ms: number | null;
}

/** The value below which `share` of the sorted values fall (nearest rank). */
function percentile(sorted: number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? null;
}

/** Each vendor's attempts, failures and time to first token since `since` (both reads use a time index). */
export async function vendorHealth(db: Db, since: Date): Promise<VendorHealth[]> {
  const from = since.toISOString();
  const [attempts, firstTokens] = await Promise.all([
    db
      .selectFrom("completion_attempts")
      .select([
        "vendor",
        (eb) => eb.fn.countAll<number>().as("attempts"),
        (eb) => eb.fn.sum<number>(eb.case().when("outcome", "!=", "ok").then(1).else(0).end()).as("errors"),
      ])
      .where("created_at", ">=", from)
      .groupBy("vendor")
      .execute(),
    db
      .selectFrom("completions")
      .select(["vendor", "created_at", "first_token_at"])
      .where("created_at", ">=", from)
      .where("first_token_at", "is not", null)
      .where("vendor", "is not", null)
      .execute(),
  ]);
  const ttfts = new Map<string, number[]>();
  for (const row of firstTokens) {
    const ms = Date.parse(row.first_token_at!) - Date.parse(row.created_at);
    if (!Number.isFinite(ms) || ms < 0) continue;
    ttfts.set(row.vendor!, [...(ttfts.get(row.vendor!) ?? []), ms]);
  }
  const vendors = new Set([...attempts.map((row) => row.vendor), ...ttfts.keys()]);
  return [...vendors].sort().map((vendor) => {
    const counted = attempts.find((row) => row.vendor === vendor);
    const total = Number(counted?.attempts ?? 0);
    const errors = Number(counted?.errors ?? 0);
    const sorted = (ttfts.get(vendor) ?? []).sort((a, b) => a - b);
    return {
      vendor,
      attempts: total,
      errors,
      errorRate: total ? errors / total : null,
      ttftP50Ms: percentile(sorted, 0.5),
      ttftP95Ms: percentile(sorted, 0.95),
    };
  });
}

/**
 * docs/product.md §4 'Analytics', the spec's range mapping: day = from midnight, by hour; week = 7 days back,
 * by day; month = 30 days back, by day; year = 1 year back, by month. Times are UTC, like every stored time.
 */
const RANGES: Record<AnalyticsRange, { unit: "hour" | "day" | "month"; points: number }> = {
  day: { unit: "hour", points: 24 },
  week: { unit: "day", points: 7 },
  month: { unit: "day", points: 30 },
  year: { unit: "month", points: 12 },
};

/** ISO prefix that names a bucket: "2026-11-24T05" (hour), "2026-11-24" (day), "2026-11" (month). */
const PREFIX = { hour: 13, day: 10, month: 7 } as const;

/** The buckets a range shows, oldest first, and the time the first one starts. */
export function rangeBuckets(range: AnalyticsRange, now = new Date()) {
  const { unit, points } = RANGES[range];
  const starts: Date[] = [];
  for (let back = points - 1; back >= 0; back--) {
    const start =
      unit === "hour"
        ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), points - 1 - back))
        : unit === "day"
          ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back))
          : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    starts.push(start);
  }
  return { unit, from: starts[0]!, keys: starts.map((start) => start.toISOString().slice(0, PREFIX[unit])) };
}

export interface UsageFigures {
  requests: number;
  tokens: number;
  errors: number;
  /** Mean time to first token, ms; null when no reply started. */
  ttftMs: number | null;
}

export interface UsagePoint extends UsageFigures {
  bucket: string;
}

export interface UsageBreakdown extends UsageFigures {
  key: string;
  label: string;
}

const figures = (row: {
  requests: unknown;
  tokens: unknown;
  errors: unknown;
  ttft: unknown;
}): UsageFigures => ({
  requests: Number(row.requests ?? 0),
  tokens: Number(row.tokens ?? 0),
  errors: Number(row.errors ?? 0),
  ttftMs: row.ttft === null || row.ttft === undefined ? null : Math.round(Number(row.ttft)),
});

const BREAKDOWN_ROWS = 10;

/**
 * Requests, tokens, errors and mean TTFT per bucket, and the same by model, vendor and user, over `range`;
 * `userId` narrows every figure to one user (the user screen's chart), read through (user_id, created_at).
 */
export async function usageAnalytics(db: Db, range: AnalyticsRange, userId?: string, now = new Date()) {
  const { unit, from, keys } = rangeBuckets(range, now);
  const since = from.toISOString();
  const bucket = sql<string>`substr(usage_events.created_at, 1, ${sql.lit(PREFIX[unit])})`;
  // One pass over the range (read from the covering index), grouped finely; the four views are summed here.
  let query = db
    .selectFrom("usage_events")
    .where("usage_events.created_at", ">=", since)
    .select([
      bucket.as("bucket"),
      "usage_events.model_id",
      "usage_events.vendor",
      "usage_events.user_id",
      (eb) => eb.fn.countAll<number>().as("requests"),
      sql<number>`sum(coalesce(usage_events.prompt_tokens, 0) + coalesce(usage_events.completion_tokens, 0))`.as(
        "tokens",
      ),
      sql<number>`sum(case when usage_events.status = 'error' then 1 else 0 end)`.as("errors"),
      (eb) => eb.fn.sum<number>("usage_events.ttft_ms").as("ttft_sum"),
      (eb) => eb.fn.count<number>("usage_events.ttft_ms").as("ttft_count"),
    ])
    .groupBy([bucket, "usage_events.model_id", "usage_events.vendor", "usage_events.user_id"]);
  if (userId) query = query.where("usage_events.user_id", "=", userId);
  const rows = await query.execute();

  type Sum = { requests: number; tokens: number; errors: number; ttftSum: number; ttftCount: number };
  const add = (into: Map<string | null, Sum>, key: string | null, row: (typeof rows)[number]) => {
    const sum = into.get(key) ?? { requests: 0, tokens: 0, errors: 0, ttftSum: 0, ttftCount: 0 };
    sum.requests += Number(row.requests);
    sum.tokens += Number(row.tokens ?? 0);
    sum.errors += Number(row.errors ?? 0);
    sum.ttftSum += Number(row.ttft_sum ?? 0);
    sum.ttftCount += Number(row.ttft_count ?? 0);
    into.set(key, sum);
  };
  const views = {
    bucket: new Map<string | null, Sum>(),
    model: new Map(),
    vendor: new Map(),
    user: new Map(),
  };
  for (const row of rows) {
    add(views.bucket, row.bucket, row);
    add(views.model, row.model_id, row);
    add(views.vendor, row.vendor, row);
    if (!userId) add(views.user, row.user_id, row);
  }
  const asFigures = (sum: Sum) => ({
    requests: sum.requests,
    tokens: sum.tokens,
    errors: sum.errors,
    ttft: sum.ttftCount ? sum.ttftSum / sum.ttftCount : null,
  });
  const top = (view: Map<string | null, Sum>) =>
    [...view.entries()]
      .sort((a, b) => b[1].requests - a[1].requests)
      .slice(0, BREAKDOWN_ROWS)
      .map(([key, sum]) => ({ key, ...asFigures(sum) }));
  const series = [...views.bucket.entries()].map(([key, sum]) => ({ bucket: key ?? "", ...asFigures(sum) }));
  const byModel = top(views.model).map((row) => ({ ...row, key: row.key ?? "" }));
  const byVendor = top(views.vendor);
  const byUser = top(views.user);
  // E-mails for the top users only: a join per ledger row would cost a lookup for each of them.
  const userIds = byUser.flatMap((row) => (row.key ? [row.key] : []));
  const emails = new Map(
    userIds.length
      ? (await db.selectFrom("users").select(["id", "email"]).where("id", "in", userIds).execute()).map(
          (row) => [row.id, row.email],
        )
      : [],
  );
  const byBucket = new Map(series.map((row) => [row.bucket, figures(row)]));
  const empty: UsageFigures = { requests: 0, tokens: 0, errors: 0, ttftMs: null };
  const points: UsagePoint[] = keys.map((key) => ({ bucket: key, ...(byBucket.get(key) ?? empty) }));
  const total = points.reduce(
    (sum, point) => ({
      requests: sum.requests + point.requests,
      tokens: sum.tokens + point.tokens,
      errors: sum.errors + point.errors,
    }),
    { requests: 0, tokens: 0, errors: 0 },
  );
  return {
    range,
    unit,
    from: since,
    points,
    total,
    byModel: byModel.map((row): UsageBreakdown => ({ key: row.key, label: row.key, ...figures(row) })),
    byVendor: byVendor.map((row): UsageBreakdown => ({
      key: row.key ?? "none",
      label: row.key ?? translate("admin:usage.noVendor"),
      ...figures(row),
    })),
    byUser: byUser.map((row): UsageBreakdown => ({
      key: row.key ?? "deleted",
      label: (row.key && emails.get(row.key)) ?? translate("admin:usage.deletedUser"),
      ...figures(row),
    })),
  };
}
export type UsageAnalytics = Awaited<ReturnType<typeof usageAnalytics>>;
