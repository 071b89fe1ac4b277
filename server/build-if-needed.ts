import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The web server as the build compiles it (server/main.ts; vite.config.ts). */
export const WEB_BUILD = path.join(ROOT, "build/server/web.js");
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

/** Builds the Remix app when there is no build or a source is newer than it. */
export function buildIfNeeded(log: (message: string) => void = console.log) {
  if (existsSync(WEB_BUILD) && statSync(WEB_BUILD).mtimeMs >= Math.max(...INPUTS.map(newestMtime))) return;
  log("building the web app...");
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"],
    {
      cwd: ROOT,
      stdio: "inherit",
      // vite.config.ts leaves the Remix plugin out under vitest; a test that needs the build must still get it.
      env: Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
      ) as NodeJS.ProcessEnv,
    },
  );
  if (result.status !== 0) throw new Error("The web app build failed (see above).");
}
