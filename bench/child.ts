/**
 * A helper process of the benchmark (the mock vendor, the peer proxy): a TypeScript script run by tsx with an
 * IPC channel. The child sends `{ id: 0, result }` once it is ready and answers `{ id, type }` requests with
 * `{ id, result }`; it leaves when the channel closes, so it never outlives the benchmark.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const START_TIMEOUT_MS = 20_000;
const ANSWER_TIMEOUT_MS = 30_000;

interface Answer {
  id: number;
  result: unknown;
}

export interface Child<Ready> {
  pid: number;
  ready: Ready;
  /** Sends a request and resolves with the child's answer. */
  ask(type: string): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startChild<Ready>(
  script: string,
  name: string,
  env: NodeJS.ProcessEnv,
): Promise<Child<Ready>> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, (value: unknown) => void>();
  child.on("message", (answer: Answer) => {
    pending.get(answer.id)?.(answer.result);
    pending.delete(answer.id);
  });
  const readyPromise = new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start`)), START_TIMEOUT_MS);
    pending.set(0, (value) => {
      clearTimeout(timer);
      resolve(value as Ready);
    });
    child.once("exit", (code) => reject(new Error(`${name} exited (code ${code})`)));
  });
  const ready = await readyPromise.catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  let nextId = 1;
  const ask = (type: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${name} did not answer ${type}`));
      }, ANSWER_TIMEOUT_MS);
      pending.set(id, (value) => {
        clearTimeout(timer);
        resolve(value);
      });
      child.send({ id, type });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill("SIGTERM");
    });
  return { pid: child.pid!, ready, ask, stop };
}
