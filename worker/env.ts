import { z } from "zod";
import { loadSharedEnv, parseEnv, type EnvSource, type SharedEnv } from "#platform/env";

const workerShape = {
  /** Replies one worker process streams at once; they wait on the network, so hundreds fit in one process. */
  WORKER_CONCURRENCY: z.coerce.number().int("must be a whole number").min(1).max(10_000).default(200),
};

export interface WorkerEnv extends SharedEnv {
  concurrency: number;
}

export function loadWorkerEnv(source: EnvSource = process.env): WorkerEnv {
  return { ...loadSharedEnv(source), concurrency: parseEnv(workerShape, source).WORKER_CONCURRENCY };
}
