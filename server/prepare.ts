/** Start-up work on the database, before web or worker run: migrate, seed, apply env overrides, admin. */
import { sql } from "kysely";
import { createDatabase } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { applyVendorOverrides, seed } from "#db/seed";
import { ensureAdmin, purgeExpiredDemoUsers } from "~/modules/auth/users.server";
import type { WebEnv } from "~/utils/env.server";
import { untilAnswering } from "./start-refusal";

export async function prepareDatabase(env: WebEnv, log: (message: string) => void = console.log) {
  const db = createDatabase(env.databaseUrl);
  try {
    await untilAnswering("DATABASE_URL", env.databaseUrl, () => sql`select 1`.execute(db), {
      remedy: "start the database there, or unset DATABASE_URL to use SQLite in DATA_DIR",
      log,
    });
    const applied = await migrateToLatest(db);
    if (applied.length) log(`migrations applied: ${applied.join(", ")}`);
    await seed(db);
    await applyVendorOverrides(db, env.vendorOverrides, env.appSecret);
    if (env.admin) {
      await ensureAdmin(db, env.admin.email, env.admin.password);
      log(`admin ready: ${env.admin.email}`);
    }
    const purged = await purgeExpiredDemoUsers(db);
    if (purged) log(`expired demo users removed: ${purged}`);
  } finally {
    await db.destroy();
  }
}
