import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vitest/config";
import remixConfig from "./remix.config";

export default defineConfig({
  plugins: process.env.VITEST ? [] : [remix(remixConfig)],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: { external: ["better-sqlite3", "argon2", "pg"] },
  server: { port: 3000 },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "worker/**/*.test.ts",
      "db/**/*.test.ts",
      "platform/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["tests/integration/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
