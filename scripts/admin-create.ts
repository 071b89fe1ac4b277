/** `npm run admin:create -- <email> <password>`: creates the admin, or resets its password and role. */
import { createDatabase } from "#db/database";
import { ConfigError, loadSharedEnv } from "#platform/env";
import { migrateToLatest } from "#db/migrate";
import { ensureAdmin } from "~/modules/auth/users.server";

async function main([email, password]: string[]) {
  if (!email || !password || password.length < 8) {
    throw new Error("usage: npm run admin:create -- <email> <password (8+ characters)>");
  }
  const db = createDatabase(loadSharedEnv().databaseUrl);
  try {
    await migrateToLatest(db);
    await ensureAdmin(db, email.trim().toLowerCase(), password);
    console.log(`admin ready: ${email}`);
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
