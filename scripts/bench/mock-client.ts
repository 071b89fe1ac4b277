/** The benchmark's handle on the mock vendor process (scripts/bench/mock-process.ts). */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { MockVendorName } from "../mock-vendor";
import type { MockReady, MockRequest, MockStats } from "./mock-process";
import type { TapRecord } from "./tap";

const ROOT = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 20_000;
const ANSWER_TIMEOUT_MS = 30_000;

export interface MockProcess {
  url: string;
  pid: number;
  endpoint(vendor: MockVendorName): string;
  /** Every tap record since the last take, then forgets them. */
  take(): Promise<TapRecord[]>;
  /** CPU used since start, and event-loop delay since the last call. */
  stats(): Promise<MockStats>;
  stop(): Promise<void>;
}

interface Answer {
  id: number;
  result: unknown;
}

function ask(child: ChildProcess, pending: Map<number, (value: unknown) => void>, request: MockRequest) {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(request.id);
      reject(new Error(`mock vendor did not answer ${request.type}`));
    }, ANSWER_TIMEOUT_MS);
    pending.set(request.id, (value) => {
      clearTimeout(timer);
      resolve(value);
    });
    child.send(request);
  });
}

export async function startMockProcess(env: NodeJS.ProcessEnv): Promise<MockProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/mock-process.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, (value: unknown) => void>();
  child.on("message", (answer: Answer) => {
    pending.get(answer.id)?.(answer.result);
    pending.delete(answer.id);
  });
  const ready = new Promise<MockReady>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("mock vendor did not start")), START_TIMEOUT_MS);
    pending.set(0, (value) => {
      clearTimeout(timer);
      resolve(value as MockReady);
    });
    child.once("exit", (code) => reject(new Error(`mock vendor exited (code ${code})`)));
  });
  const { url, endpoints } = await ready.catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  let nextId = 1;
  return {
    url,
    pid: child.pid!,
    endpoint: (vendor) => endpoints[vendor],
    take: async () => (await ask(child, pending, { id: nextId++, type: "take" })) as TapRecord[],
    stats: async () => (await ask(child, pending, { id: nextId++, type: "stats" })) as MockStats,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
