/**
 * How long the admin Analytics screen's aggregation takes over a year of 100,000 requests (docs/benchmarks.md
 * 'Admin analytics'). A throwaway SQLite database, migrated, filled with usage rows spread evenly over the last
 * year, then each range read warm five times; prints the median and the worst. Run:
 *   npx tsx bench/admin-analytics.ts [rows]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { v7 as uuidv7 } from "uuid";
import { createDatabase } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { seed } from "#db/seed";
import { usageAnalytics } from "~/modules/admin/analytics.server";
import { ANALYTICS_RANGES } from "~/modules/admin/schemas";

const ROWS = Number(process.argv[2] ?? 100_000);
const YEAR_MS = 365 * 86_400_000;
const BATCH = 500;
const MODELS = ["dolphin-mixtral-8x22b", "llama-3.1-8b-instruct", "gemma-3-27b-it", "deepseek_v3"];
const VENDORS = ["together", "novita", "openai"];

const dir = mkdtempSync(path.join(tmpdir(), "rogue-analytics-"));
const db = createDatabase(`file:${path.join(dir, "bench.sqlite")}`);
try {
  await migrateToLatest(db);
  await seed(db);
  const users = Array.from({ length: 200 }, () => uuidv7());
  const now = Date.now();
  await db
    .insertInto("users")
    .values(
      users.map((id, i) => ({
        id,
        email: `bench-${i}@example.com`,
        name: `Bench ${i}`,
        password_hash: null,
        plan: "starter" as const,
        is_demo: 0 as const,
        expires_at: null,
        created_at: new Date(now - YEAR_MS).toISOString(),
        updated_at: new Date(now - YEAR_MS).toISOString(),
      })),
    )
    .execute();
  for (let start = 0; start < ROWS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => {
      const i = start + k;
      const at = new Date(now - (i / ROWS) * YEAR_MS).toISOString();
      const failed = i % 37 === 0;
      return {
        completion_id: uuidv7(),
        user_id: users[i % users.length]!,
        model_id: MODELS[i % MODELS.length]!,
        vendor: VENDORS[i % VENDORS.length]!,
        status: failed ? ("error" as const) : ("done" as const),
        error_code: failed ? ("http" as const) : null,
        prompt_tokens: 40 + (i % 200),
        completion_tokens: failed ? 0 : 120 + (i % 400),
        ttft_ms: 150 + (i % 900),
        created_at: at,
        finished_at: at,
      };
    });
    await db.insertInto("usage_events").values(rows).execute();
  }
  console.log(`${ROWS} usage rows over one year, SQLite (WAL), ${process.version}`);
  for (const range of ANALYTICS_RANGES) {
    const times: number[] = [];
    let requests = 0;
    for (let run = 0; run < 6; run++) {
      const started = performance.now();
      const usage = await usageAnalytics(db, range);
      if (run > 0) times.push(performance.now() - started); // the first read warms the page cache
      requests = usage.total.requests;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${range.padEnd(5)} ${String(requests).padStart(7)} requests  median ${times[2]!.toFixed(1)} ms  worst ${times.at(-1)!.toFixed(1)} ms`,
    );
  }
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
