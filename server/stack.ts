/**
 * Starts the whole product as `npm start` runs it: Redis ensured, database prepared, app built, then the web
 * and worker processes, each restarted when it crashes. Used by `npm start`, the browser tests' server and the
 * benchmark.
 *
 * Stopping goes in order: the web first (it stops accepting requests and closes its streams), then the
 * workers (each finishes or hands back its jobs, which needs Redis), then the private Redis last.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { loadAll } from "#platform/env";
import { loadWorkerEnv } from "#worker/env";
import { loadWebEnv, type WebEnv } from "~/utils/env.server";
import { buildIfNeeded } from "./build-if-needed";
import { entryArgs, ROOT, RUNNING_COMPILED } from "./entries";
import { prepareInChild } from "./prepare-step";
import { startPrivateRedis, untilRedisAnswers, type PrivateRedis } from "./redis";
import { StartRefusal } from "./start-refusal";
import { supervise, type RestartPolicy, type SupervisedProcess } from "./supervisor";

const READY_POLL_MS = 100;

export interface StackOptions {
  dev?: boolean;
  /** Worker processes to run (default 1). */
  workers?: number;
  /** Redis append-only persistence for the private server (on for `npm start`, off for tests). */
  persistentRedis?: boolean;
  /** Called when a web or worker process crashes; it is restarted all the same. */
  onUnexpectedExit?: (name: string, code: number | null) => void;
  /**
   * Also start a worker again after it exits with code 0 (someone stopped it with SIGTERM): a rolling restart
   * replaces each worker in turn. `npm start` leaves a worker stopped on purpose stopped.
   */
  restartStoppedWorkers?: boolean;
  /** Show the app build's whole output as it comes (`npm start -- --build-log`), not only its summary. */
  buildLog?: boolean;
  /** Backoff of those restarts (DEFAULT_RESTART_POLICY when unset). */
  restartPolicy?: RestartPolicy;
  log?: (message: string) => void;
}

export interface Stack {
  env: WebEnv;
  url: string;
  processes: SupervisedProcess[];
  /** Resolves once /healthz answers 200 (the web listens, the database and Redis answer); rejects after
   * `timeoutMs` when given. */
  whenReady(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The port is someone else's: the web would crash on EADDRINUSE, and /healthz would answer for the other. */
export class PortInUseError extends StartRefusal {
  constructor(port: number) {
    super(
      `PORT ${port} is already in use by another program: stop it, or start with another port (PORT=${port + 1} npm start)`,
    );
  }
}

/** Listens on the port for a moment, as the web will (every address), and lets it go. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port) : error),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const { dev = false, workers = 1, persistentRedis = true, log = console.log } = options;
  // Every bad setting of the web and the worker at once, before anything starts.
  const [env] = loadAll(
    () => loadWebEnv(),
    () => loadWorkerEnv(),
  );
  await assertPortFree(env.port);
  let redis: PrivateRedis | null = null;
  if (!env.privateRedis) await untilRedisAnswers(env.redisUrl, log);
  else {
    redis = await startPrivateRedis({ dir: env.dataDir, persistent: persistentRedis });
    log(
      redis.owned ? `private redis-server on ${redis.url}` : `using the redis-server already on ${redis.url}`,
    );
  }
  try {
    // From the sources while this code runs from them (development, the tests): the build may not exist yet.
    await prepareInChild(log, { source: !RUNNING_COMPILED });
    if (!dev) buildIfNeeded(log, { verbose: options.buildLog });
  } catch (error) {
    // Redis runs in a process group of its own: nothing else would stop it.
    await redis?.stop();
    throw error;
  }

  // The secret is resolved here (generated into the data folder unless NODE_ENV=production was set without one),
  // so the children can run React's production build without asking the operator for a secret first.
  const childEnv = {
    ...process.env,
    REDIS_URL: env.redisUrl,
    DATA_DIR: env.dataDir,
    APP_SECRET: env.appSecret,
    NODE_ENV: dev ? ("development" as const) : ("production" as const),
  };
  const run = (name: string, args: string[], restartAfterCleanExit = false) =>
    supervise({
      name,
      log,
      restartAfterCleanExit,
      policy: options.restartPolicy,
      onUnexpectedExit: options.onUnexpectedExit,
      start: () => spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: "inherit" }),
    });
  // Web and workers run the build's compiled files; in development, their sources (the web's through Vite).
  const web = run("web", dev ? [...entryArgs("web", { source: true }), "--dev"] : entryArgs("web"));
  const workerProcesses = Array.from({ length: workers }, (_, i) =>
    run(
      workers > 1 ? `worker ${i + 1}` : "worker",
      entryArgs("worker", { source: dev }),
      options.restartStoppedWorkers,
    ),
  );
  const url = `http://localhost:${env.port}`;
  return {
    env,
    url,
    processes: [web, ...workerProcesses],
    async whenReady(timeoutMs = Infinity) {
      const deadline = Date.now() + timeoutMs;
      // The web has no way to tell this process it listens, so ask it as a browser would.
      const status = () =>
        fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        );
      while ((await status()) !== 200) {
        if (Date.now() > deadline) throw new Error(`the web did not answer /healthz within ${timeoutMs} ms`);
        await delay(READY_POLL_MS);
      }
    },
    async stop() {
      // Ctrl-C reaches every process at once; none of those exits may count as a crash.
      for (const supervised of [web, ...workerProcesses]) supervised.hold();
      await web.stop();
      await Promise.all(workerProcesses.map((worker) => worker.stop()));
      if (redis?.owned) {
        await redis.stop();
        log("redis stopped");
      }
    },
  };
}
