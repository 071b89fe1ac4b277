import type { Kysely } from "kysely";
import { addIndex } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * The admin Analytics screen aggregates a range of the usage ledger by time, model, vendor and user: an index
 * on created_at that also holds every column those sums read lets the database answer from the index alone,
 * without a table lookup per row (a year of 100,000 requests: docs/benchmarks.md 'Admin analytics').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIndex(db, "usage_events_created_cover", "usage_events", [
    "created_at",
    "status",
    "model_id",
    "vendor",
    "user_id",
    "prompt_tokens",
    "completion_tokens",
    "ttft_ms",
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("usage_events_created_cover").ifExists().execute();
}
