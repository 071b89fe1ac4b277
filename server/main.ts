/**
 * The web process's entry (`npm run web`: `node build/server/web.js`; `tsx server/main.ts --dev` in
 * development). It exports nothing, so the bundler keeps its code in the entry file itself: the file the
 * cluster's web processes run is this one.
 */
import { exitWithFailure } from "#platform/logger";
import { serveWeb } from "./web";

serveWeb({ dev: process.argv.includes("--dev"), entry: import.meta.filename }).catch((error: unknown) =>
  exitWithFailure("web", error),
);
