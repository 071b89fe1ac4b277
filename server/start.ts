/**
 * `npm start`: the whole product in one command. Ensures Redis (a private one when REDIS_URL is unset),
 * migrates and seeds the database, builds the app if needed, then runs the web and one worker as separate
 * processes, restarting either when it crashes (with backoff, see supervisor.ts). Ctrl-C / SIGTERM stops
 * them in order: the web, then the worker (it finishes or hands back its jobs), then Redis.
 * `npm run dev` does the same with Vite's dev server and every vendor pointed at the mock vendor.
 */
import { ConfigError, parseEnv, wholeNumber } from "#platform/env";
import type { MockVendor } from "#scripts/mock-vendor";
import { startStack } from "./stack";
import { StartRefusal } from "./start-refusal";

const log = (message: string) => console.log(`[start] ${message}`);

/** `npm run dev`'s own setting, validated like every other; 0 takes any free port (the tests use it). */
const devShape = { MOCK_VENDOR_PORT: wholeNumber(0, 65535).default(4010) };

async function pointVendorsAtMock(): Promise<MockVendor> {
  const { MOCK_VENDOR_PORT: port } = parseEnv(devShape, process.env);
  // Loaded only here: `npm start`'s supervisor stays without it.
  const { startMockVendor } = await import("#scripts/mock-vendor");
  const mock = await startMockVendor({ port });
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

  let ready = false;
  let stopping = false;
  const starting = startStack({
    dev,
    log,
    buildLog: process.argv.includes("--build-log"),
    // Once the site has answered, a crash is restarted; before that it is most likely the set-up (a port in
    // use, a bad setting), which restarting would only repeat.
    onUnexpectedExit: (name) => {
      if (ready) return;
      log(`${name} crashed before the site answered; stopping`);
      stopAll(1).catch(stopFailed);
    },
  });
  // Ctrl-C signals the whole foreground group, web and worker included; later signals must not cut the
  // ordered stop short (each step has its own time limit).
  const stopAll = async (code = 0) => {
    if (stopping) return log("already stopping (web, then workers, then Redis)");
    stopping = true;
    log("stopping...");
    // A signal during start-up waits for it to end: then the stack stops whole, or it failed and cleaned up.
    const stack = await starting.catch(() => undefined);
    await stack?.stop();
    await mock?.close();
    process.exit(code);
  };
  process.on("SIGINT", () => stopAll().catch(stopFailed));
  process.on("SIGTERM", () => stopAll().catch(stopFailed));
  const stack = await starting;
  // Only once the web answers: a first `npm start` may still be building or compiling when the stack is up.
  await stack.whenReady();
  ready = true;
  if (!stopping) log(`open ${stack.url}`);
}

/** Stopping failed part-way: say why and leave with failure rather than hang. */
function stopFailed(error: unknown) {
  console.error(error);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartRefusal) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
