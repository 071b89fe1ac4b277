/**
 * The database step as a process of its own (`node build/server/prepare.js`): migrate, seed, apply the
 * settings' overrides, then exit. Run by `npm start` and the image before web and workers start, so that none
 * of the long-running processes keeps the migrations, the seed and the password hashing loaded.
 */
import { ConfigError } from "#platform/env";
import { loadWebEnv } from "~/utils/env.server";
import { prepareDatabase } from "./prepare";
import { StartRefusal } from "./start-refusal";

prepareDatabase(loadWebEnv()).then(
  () => process.exit(0),
  (error: unknown) => {
    // One line for a set-up problem; the caller shows it as its own refusal.
    console.error(error instanceof ConfigError || error instanceof StartRefusal ? error.message : error);
    process.exit(1);
  },
);
