import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import type { Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";
import remixConfig from "./remix.config";
import { SERVER_ENTRIES } from "./server/entries";

/**
 * The production web server (server/main.ts) is a second entry of the app's server build, beside Remix's own
 * (index.js): one bundle, so the server and the routes share one copy of every module. The worker, `npm start`'s
 * supervisor, the database step and the image's entry point are entries too, so every process runs compiled
 * JavaScript (`node build/server/<name>.js`, server/entries.ts); each loads only the chunks it imports.
 */
const serverEntries = (): Plugin => {
  let ssrBuild = false;
  return {
    name: "rogue-server-entries",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    options(options) {
      if (!ssrBuild) return null;
      return { ...options, input: { index: options.input as string, ...SERVER_ENTRIES } };
    },
    outputOptions(output) {
      return ssrBuild ? { ...output, entryFileNames: "[name].js" } : null;
    },
  };
};

/**
 * Each of the browser's scripts and stylesheets beside its gzip (`x.js.gz`), which server/app.ts sends to a
 * browser that accepts it: a phone on a slow network waits for the page's stylesheet while the scripts share
 * the line, and they are a third of their size compressed. Compressed once here, rather than per request: the
 * files never change after the build. The client build only: the server's own code is never sent.
 */
const gzipAssets = (): Plugin => ({
  ...compression({ algorithms: ["gzip"], include: /\.(js|css)$/, logLevel: "silent" }),
  apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
});

/**
 * Development only: Vite pre-bundles the browser's dependencies. Left to discover them page by page, it
 * found a few more on each first visit and reloaded the page each time, and pages loaded between two rounds
 * held two copies of React ("Invalid hook call", a blank page). Every browser dependency is bundled at start
 * instead, and the server's own, which its scan also finds in the route files, are never bundled for the browser.
 */
const BROWSER_DEPENDENCIES = [
  "@conform-to/react",
  "@conform-to/zod",
  "@radix-ui/react-dialog",
  "@radix-ui/react-select",
  "@radix-ui/react-tabs",
  "@radix-ui/react-tooltip",
  "@remix-run/react",
  "eventsource-parser",
  "i18next",
  "i18next-resources-to-backend",
  "katex",
  "react",
  "react-dom",
  "react-dom/client",
  "react-i18next",
  "react-markdown",
  "recharts",
  "rehype-highlight",
  "remark-gfm",
  "remark-math",
  "uuid",
  "zod",
];
const SERVER_DEPENDENCIES = [
  "@bull-board/api",
  "@bull-board/express",
  "@remix-run/express",
  "@remix-run/node",
  "@zxcvbn-ts/language-common",
  "argon2",
  "better-sqlite3",
  "bullmq",
  "express",
  "ioredis",
  "isbot",
  "kysely",
  "pg",
  "pino",
  "prom-client",
  "rate-limiter-flexible",
  "remix-auth",
  "remix-auth-form",
  "stripe",
  "undici",
];

export default defineConfig({
  optimizeDeps: { include: BROWSER_DEPENDENCIES, exclude: SERVER_DEPENDENCIES },
  plugins: process.env.VITEST ? [] : [remix(remixConfig), serverEntries(), gzipAssets()],
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
