/**
 * `OLD_APP_SECRET=<old> APP_SECRET=<new> npm run secret:rotate` — re-encrypts every stored key (vendors', users', identity providers')
 * from the old secret to the new one, all or nothing. Run it with web and workers stopped, then start them with
 * the new APP_SECRET. Sessions are signed with the secret too: everyone signs in again.
 */
import { z } from "zod";
import { createDatabase } from "#db/database";
import { rotateStoredKeys } from "#db/secret-rotation";
import { ConfigError, loadSharedEnv, parseEnv } from "#platform/env";

async function main() {
  const env = loadSharedEnv();
  const { OLD_APP_SECRET } = parseEnv(
    {
      OLD_APP_SECRET: z
        .string()
        .min(32, "the secret the keys are encrypted with now (at least 32 characters)"),
    },
    process.env,
  );
  if (OLD_APP_SECRET === env.appSecret) throw new ConfigError(["OLD_APP_SECRET: the same as APP_SECRET"]);
  const db = createDatabase(env.databaseUrl);
  try {
    const moved = await rotateStoredKeys(db, OLD_APP_SECRET, env.appSecret);
    console.log(
      `re-encrypted ${moved.vendorKeys} vendor key(s), ${moved.userKeys} user key(s), ${moved.totpSecrets} two-factor secret(s) and ${moved.ssoSecrets} identity provider secret(s)`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
