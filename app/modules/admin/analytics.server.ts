/**
 * Usage figures for the console, all read here so the source can change in one place: today the `completions`
 * and `completion_attempts` tables; the usage ledger (`usage_events`) once it lands.
 */
import type { Db } from "#db/database";

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
