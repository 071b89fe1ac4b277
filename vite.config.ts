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
