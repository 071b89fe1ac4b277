/**
 * The product's processes as the app's server build compiles them (vite.config.ts), one file each in
 * build/server/: production runs compiled JavaScript, so no process of `npm start` or the image carries a
 * TypeScript loader (docs/decisions/0018-every-process-runs-compiled-javascript.md). Development runs the
 * TypeScript sources through tsx.
 */
import { existsSync } from "node:fs";
import path from "node:path";

export const SERVER_ENTRIES = {
  /** The web: a cluster primary and its web processes, or one process (server/web.ts). */
  web: "server/main.ts",
  worker: "worker/main.ts",
  /** `npm start`'s supervisor. */
  start: "server/start.ts",
  /** Migrate and seed the database, then exit: run before web and workers start. */
  prepare: "server/prepare-main.ts",
  /** The image's entry point. */
  container: "server/container.ts",
} as const;
export type ServerEntry = keyof typeof SERVER_ENTRIES;

/** The package's folder, found upwards from this file: its source in server/, or a chunk of build/server/. */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT = packageRoot(import.meta.dirname);

/** Whether this code runs from the build (`npm start`, the image) rather than from its sources through tsx. */
export const RUNNING_COMPILED = !import.meta.filename.endsWith(".ts");

/** The compiled file of `entry`. */
export const builtEntry = (entry: ServerEntry) => path.join(ROOT, "build/server", `${entry}.js`);

/** Node's arguments to run `entry`: its compiled file, or (`source`) its TypeScript through tsx. */
export const entryArgs = (entry: ServerEntry, { source = false } = {}): string[] =>
  source ? ["--import", "tsx", SERVER_ENTRIES[entry]] : [builtEntry(entry)];
