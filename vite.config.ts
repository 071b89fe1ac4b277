import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import remixConfig from "./remix.config";

/**
 * The production web server (server/main.ts) is a second entry of the app's server build, beside Remix's own
 * (index.js): one bundle, so the server and the routes share one copy of every module, and production runs
 * compiled JavaScript (`node build/server/web.js`).
 */
const webServerEntry = (): Plugin => {
  let ssrBuild = false;
  return {
    name: "rogue-web-server-entry",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    options(options) {
      if (!ssrBuild) return null;
      return { ...options, input: { index: options.input as string, web: "server/main.ts" } };
    },
    outputOptions(output) {
      return ssrBuild ? { ...output, entryFileNames: "[name].js" } : null;
    },
  };
};

export default defineConfig({
  plugins: process.env.VITEST ? [] : [remix(remixConfig), webServerEntry()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: { external: ["better-sqlite3", "argon2", "pg"] },
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        // A resource route (healthz, /v1, the event streams…) has no browser code, so Remix's client build
        // makes an empty module for it, as it should: that is not worth a line of every build's output.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  server: { port: 3000 },
  test: {
    globalSetup: ["tests/integration/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: [
            "app/**/*.test.{ts,tsx}",
            "contract/**/*.test.ts",
            "worker/**/*.test.ts",
            "db/**/*.test.ts",
            "platform/**/*.test.ts",
            "tests/unit/**/*.test.ts",
            "scripts/**/*.test.ts",
            "server/**/*.test.ts",
            "bench/**/*.test.ts",
            "tests/integration/**/*.test.ts",
          ],
        },
      },
      {
        // The integration suite again on PostgreSQL: every query the product runs, proved on both dialects.
        // database.test.ts covers both dialects by itself.
        extends: true,
        test: {
          name: "postgres",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/database.test.ts"],
          env: { TEST_DATABASE: "postgres" },
        },
      },
    ],
  },
});
