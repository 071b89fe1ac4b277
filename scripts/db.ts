/** `npm run db:migrate` (`-- --status` shows where the database stands) and `npm run db:seed`. */
import { createDatabase } from "#db/database";
import { ConfigError, loadSharedEnv } from "#platform/env";
import { migrateToLatest, migrationStatus } from "#db/migrate";
import { applyVendorOverrides, seed } from "#db/seed";

async function main(command: string | undefined, flag: string | undefined) {
  const env = loadSharedEnv();
  const db = createDatabase(env.databaseUrl);
  try {
    if (command === "migrate" && flag === "--status") {
      for (const { name, executedAt } of await migrationStatus(db))
        console.log(
          `${executedAt ? "applied" : "pending"}  ${name}${executedAt ? `  ${executedAt.toISOString()}` : ""}`,
        );
    } else if (command === "migrate") {
      const applied = await migrateToLatest(db);
      console.log(applied.length ? `applied: ${applied.join(", ")}` : "already up to date");
    } else if (command === "seed") {
      await seed(db);
      await applyVendorOverrides(db, env.vendorOverrides, env.appSecret);
      console.log("seeded");
    } else {
      throw new Error("usage: tsx scripts/db.ts migrate [--status] | seed");
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv[2], process.argv[3]).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
