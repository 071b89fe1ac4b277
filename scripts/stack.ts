/**
 * Starts the whole product as `npm start` runs it: Redis ensured, database prepared, app built, then the web
 * and worker processes. Used by `npm start`, the browser tests' server and the benchmark.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { loadWebEnv, type WebEnv } from "~/utils/env.server";
import { buildIfNeeded } from "./build-if-needed";
import { prepareDatabase } from "./prepare";
import { startPrivateRedis, type PrivateRedis } from "./redis";

const ROOT = path.resolve(import.meta.dirname, "..");
const STOP_TIMEOUT_MS = 10_000;

export interface StackOptions {
  dev?: boolean;
  /** Worker processes to run (default 1). */
  workers?: number;
  /** Redis append-only persistence for the private server (on for `npm start`, off for tests). */
  persistentRedis?: boolean;
  /** Called when a web or worker process exits on its own. */
  onUnexpectedExit?: (name: string, code: number | null) => void;
  log?: (message: string) => void;
}

export interface Stack {
  env: WebEnv;
  url: string;
  processes: { name: string; child: ChildProcess }[];
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const { dev = false, workers = 1, persistentRedis = true, log = console.log } = options;
  const env = loadWebEnv();
  let redis: PrivateRedis | null = null;
  if (env.privateRedis) {
    redis = await startPrivateRedis({ dir: env.dataDir, persistent: persistentRedis });
    log(
      redis.owned ? `private redis-server on ${redis.url}` : `using the redis-server already on ${redis.url}`,
    );
  }
  await prepareDatabase(env, log);
  if (!dev) buildIfNeeded(log);

  // The secret is resolved here (generated into the data folder unless NODE_ENV=production was set without one),
  // so the children can run React's production build without asking the operator for a secret first.
  const childEnv = {
    ...process.env,
    REDIS_URL: env.redisUrl,
    DATA_DIR: env.dataDir,
    APP_SECRET: env.appSecret,
    NODE_ENV: dev ? ("development" as const) : ("production" as const),
  };
  const run = (name: string, args: string[]) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], {
      cwd: ROOT,
      env: childEnv,
      stdio: "inherit",
    });
    child.once("spawn", () => log(`${name} started (pid ${child.pid})`));
    return { name, child };
  };
  const processes = [
    run("web", ["scripts/web.ts", ...(dev ? ["--dev"] : [])]),
    ...Array.from({ length: workers }, (_, i) =>
      run(workers > 1 ? `worker ${i + 1}` : "worker", ["worker/main.ts"]),
    ),
  ];

  let stopping = false;
  for (const { name, child } of processes) {
    child.once("exit", (code) => {
      if (!stopping) options.onUnexpectedExit?.(name, code);
    });
  }
  return {
    env,
    url: `http://localhost:${env.port}`,
    processes,
    async stop() {
      stopping = true;
      await Promise.all(processes.map(({ child }) => stopChild(child)));
      await redis?.stop();
    },
  };
}
