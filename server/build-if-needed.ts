import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { builtEntry, ROOT, SERVER_ENTRIES, type ServerEntry } from "./entries";

/** The web server as the build compiles it (server/main.ts; vite.config.ts). */
export const WEB_BUILD = builtEntry("web");
const INPUTS = [
  "app",
  // The server build bundles the web server and what it and app/ import from these.
  "server",
  "platform",
  "db",
  "worker",
  "remix.config.ts",
  "vite.config.ts",
  "tailwind.config.ts",
  "postcss.config.js",
  "package.json",
  "public",
];

function newestMtime(target: string): number {
  const full = path.join(ROOT, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(full).map((entry) => newestMtime(path.join(target, entry))));
}

/** The last build's whole output, kept for when a build fails or someone wants the asset sizes. */
export const BUILD_LOG = path.join(ROOT, "build/build.log");

/**
 * Builds the Remix app when there is no build or a source is newer than it. The build's ~300 lines (every
 * asset's size) go to BUILD_LOG, and the terminal gets how long it took; `verbose` shows them as they come,
 * and a failed build prints its log.
 */
export function buildIfNeeded(log: (message: string) => void = console.log, { verbose = false } = {}) {
  const built = (Object.keys(SERVER_ENTRIES) as ServerEntry[]).every((entry) =>
    existsSync(builtEntry(entry)),
  );
  if (built && statSync(WEB_BUILD).mtimeMs >= Math.max(...INPUTS.map(newestMtime))) return;
  log("building the web app (a minute or so the first time)...");
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"],
    {
      cwd: ROOT,
      stdio: verbose ? "inherit" : ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      // vite.config.ts leaves the Remix plugin out under vitest; a test that needs the build must still get it.
      env: Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
      ) as NodeJS.ProcessEnv,
    },
  );
  if (!verbose) {
    mkdirSync(path.dirname(BUILD_LOG), { recursive: true });
    writeFileSync(BUILD_LOG, `${result.stdout ?? ""}${result.stderr ?? ""}`);
  }
  if (result.status !== 0) {
    if (!verbose) console.error(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error("The web app build failed (see above).");
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  log(`built in ${seconds} s${verbose ? "" : ` (its output: ${path.relative(process.cwd(), BUILD_LOG)})`}`);
}

// `npm start`'s first step (server/start.sh): the supervisor it runs next is part of the build.
if (process.argv[1] === import.meta.filename) {
  try {
    buildIfNeeded((message) => console.log(`[start] ${message}`), {
      verbose: process.argv.includes("--build-log"),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
