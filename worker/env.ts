import { loadAll, loadSharedEnv, parseEnv, wholeNumber, type EnvSource, type SharedEnv } from "#platform/env";

export const workerShape = {
  /** Replies one worker process streams at once; they wait on the network, so hundreds fit in one process. */
  WORKER_CONCURRENCY: wholeNumber(1, 10_000).default(200),
  /** Where this worker serves /metrics (0: not at all). Each worker on one host needs its own port. */
  WORKER_METRICS_PORT: wholeNumber(0, 65535).default(0),
};

export interface WorkerEnv extends SharedEnv {
  concurrency: number;
  metricsPort: number;
}

export function loadWorkerEnv(source: EnvSource = process.env): WorkerEnv {
  const [shared, env] = loadAll(
    () => loadSharedEnv(source),
    () => parseEnv(workerShape, source),
  );
  return {
    ...shared,
    concurrency: env.WORKER_CONCURRENCY,
    metricsPort: env.WORKER_METRICS_PORT,
  };
}
