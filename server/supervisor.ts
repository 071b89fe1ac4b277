/**
 * Keeps one process of the product running: a web or worker that crashes (exits with an error code or is
 * killed by a signal) is started again, after a delay that doubles with each crash in a row (capped) and starts over once a run has stayed up long enough
 * to count as healthy. A crash loop therefore costs little CPU, and a rare crash is back at once. A process
 * that exits with code 0 was asked to stop by someone, and stays stopped.
 */
import type { ChildProcess } from "node:child_process";

export interface RestartPolicy {
  /** Delay before the first restart after a healthy run. */
  initialDelayMs: number;
  /** The longest delay between restarts. */
  maxDelayMs: number;
  /** A run at least this long resets the delay to initialDelayMs. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
};

/** How long a process gets to stop after SIGTERM before it is killed. */
export const STOP_TIMEOUT_MS = 10_000;

/** The delay before a restart, `crashesInARow` counting this one (1 for the first crash after a healthy run). */
export function restartDelay(policy: RestartPolicy, crashesInARow: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (crashesInARow - 1));
}

export interface SupervisedProcess {
  readonly name: string;
  /** The process running now (the one that exited, while a restart waits for its delay). */
  readonly child: ChildProcess;
  /** Restarts so far. */
  readonly restarts: number;
  /** Restarts it no more (a restart waiting for its delay is dropped); the process itself keeps running. */
  hold(): void;
  /** Stops the process (SIGTERM, then SIGKILL after STOP_TIMEOUT_MS) and restarts it no more. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  name: string;
  start: () => ChildProcess;
  policy?: RestartPolicy;
  log: (message: string) => void;
  /**
   * Restart after an exit with code 0 too. For a web process of WEB_CONCURRENCY's cluster: only its primary
   * decides that it should stop, so one that exits after an operator's SIGTERM (a rolling restart) is replaced.
   */
  restartAfterCleanExit?: boolean;
  /** Called on every crash, before the restart is scheduled. */
  onUnexpectedExit?: (name: string, code: number | null) => void;
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

const exitReason = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `signal ${signal}` : `code ${code}`;

export function supervise(options: SuperviseOptions): SupervisedProcess {
  const { name, log, policy = DEFAULT_RESTART_POLICY } = options;
  let child: ChildProcess;
  let startedAt = 0;
  let crashesInARow = 0;
  let restarts = 0;
  let stopping = false;
  let pendingRestart: NodeJS.Timeout | undefined;

  const launch = () => {
    pendingRestart = undefined;
    const current = options.start();
    child = current;
    startedAt = Date.now();
    current.once("spawn", () => log(`${name} started (pid ${current.pid})`));
    current.on("error", (error) => log(`${name} could not be run: ${error.message}`));
    current.once("exit", (code, signal) => {
      if (stopping) return;
      const ranMs = Date.now() - startedAt;
      if (code === 0 && !options.restartAfterCleanExit)
        return log(`${name} (pid ${current.pid}) exited with code 0; not restarted`);
      crashesInARow = ranMs >= policy.healthyAfterMs ? 1 : crashesInARow + 1;
      const delay = restartDelay(policy, crashesInARow);
      restarts += 1;
      log(
        `${name} (pid ${current.pid}) ${code === 0 ? "exited" : "crashed"} (${exitReason(code, signal)}) ` +
          `after ${ranMs} ms; ` +
          `restart ${restarts} in ${delay} ms`,
      );
      options.onUnexpectedExit?.(name, code);
      if (!stopping) pendingRestart = setTimeout(launch, delay);
    });
  };
  launch();

  return {
    name,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    hold() {
      stopping = true;
      clearTimeout(pendingRestart);
    },
    async stop() {
      this.hold();
      await stopChild(child);
      log(`${name} stopped`);
    },
  };
}
