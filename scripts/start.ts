/**
 * `npm start`: the whole product in one command. Ensures Redis (a private one when REDIS_URL is unset),
 * migrates and seeds the database, builds the app if needed, then runs the web and one worker as separate
 * processes. Ctrl-C / SIGTERM stops them all; the worker finishes or hands back its jobs first.
 * `npm run dev` does the same with Vite's dev server and every vendor pointed at the mock vendor.
 */
import { ConfigError } from "#platform/env";
import { startMockVendor, type MockVendor } from "./mock-vendor";
import { RedisUnavailableError } from "./redis";
import { startStack } from "./stack";

const log = (message: string) => console.log(`[start] ${message}`);

async function pointVendorsAtMock(): Promise<MockVendor> {
  const mock = await startMockVendor({ port: Number(process.env.MOCK_VENDOR_PORT ?? 4010) });
  for (const vendor of ["together", "novita", "openai", "modelslab"] as const) {
    process.env[`VENDOR_${vendor.toUpperCase()}_URL`] ??= mock.endpoint(vendor);
    process.env[`VENDOR_${vendor.toUpperCase()}_KEY`] ??= "mock-key";
  }
  log(`mock vendor on ${mock.url}`);
  return mock;
}

async function main() {
  const dev = process.argv.includes("--dev");
  // Development keeps its own data folder, so pointing vendors at the mock never touches real settings.
  if (dev) process.env.DATA_DIR ??= "./data/dev";
  const mock = dev ? await pointVendorsAtMock() : null;

  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log("stopping...");
    await stack.stop();
    await mock?.close();
    process.exit(code);
  };
  const stack = await startStack({
    dev,
    log,
    onUnexpectedExit: (name, code) => {
      log(`${name} exited unexpectedly (code ${code}); stopping the rest`);
      stopAll(1).catch(stopFailed);
    },
  });
  process.once("SIGINT", () => stopAll(0).catch(stopFailed));
  process.once("SIGTERM", () => stopAll(0).catch(stopFailed));
  log(`open ${stack.url}`);
}

/** Stopping failed part-way: say why and leave with failure rather than hang. */
function stopFailed(error: unknown) {
  console.error(error);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof RedisUnavailableError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
