/**
 * Browser tests (tests/e2e). Two projects: `js` runs every spec; `no-js` runs, with JavaScript off, the tests
 * tagged @nojs (every form: sign-up, sign-in, demo, sign-out, chat send) and @nojs-only (the chat's no-JS
 * path). The server is the whole stack on a throwaway database with every vendor pointed at the mock vendor.
 * `first-run` runs first and alone: it takes the vendors' keys away for a while (tests/e2e/first-run.spec.ts).
 */
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { BASE_URL, E2E_PORT } from "./tests/e2e/support/env";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, like the server's state file: a run clears its output folder, not another run's.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more, so one slow moment on the shared machine does not sink the whole
  // run; the report lists such a test as "flaky", and a flaky test is a bug to fix, not a pass to accept.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  // Two cores share the browser, web, worker, Redis and the test runner: leave room for a slow moment.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    headless: true,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // The first run changes what every test sees (no vendor has a key), so it runs alone, before the others.
    { name: "first-run", testMatch: /first-run\.spec\.ts/ },
    {
      name: "js",
      grepInvert: /@nojs-only/,
      testIgnore: /first-run\.spec\.ts/,
      dependencies: ["first-run"],
      use: { javaScriptEnabled: true },
    },
    {
      name: "no-js",
      grep: /@nojs/,
      testIgnore: /first-run\.spec\.ts/,
      dependencies: ["first-run"],
      use: { javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: "npx tsx tests/e2e/support/server.ts",
    url: `${BASE_URL}/healthz`,
    // The first run may build the app before it listens.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // SIGTERM lets the server stop web, worker and Redis and remove its data folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
