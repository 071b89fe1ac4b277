/**
 * SQLite's WAL checkpoints on a thread of their own. Left to SQLite, the commit that takes the WAL past 1,000
 * pages copies them into the database file and syncs it, in the committing process's only thread, and every
 * request and reply of that process waits. Here a thread checkpoints every 100 ms without waiting for readers
 * or writers, and the process's own connection keeps only a far-off backstop. A new chat's send transaction:
 * p99 7.1 → 1.5 ms, mean 0.60 → 0.48 ms (bench/sqlite-commits.ts; ADR 0004).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

export const CHECKPOINT_INTERVAL_MS = 100;
/**
 * The process's own connection still checkpoints once the WAL holds this many pages (~40 MB), so a thread
 * that stopped working cannot let the WAL grow without bound.
 */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

export interface WalCheckpointer {
  /** Ends the thread and closes its connection; resolves once the thread has exited. */
  stop(): Promise<void>;
}

/** What the thread is started with. */
export interface CheckpointThreadData {
  file: string;
  intervalMs: number;
}

/** What the thread posts back when a checkpoint fails. */
export interface CheckpointFailure {
  message: string;
  code: string | undefined;
}

/**
 * The thread's module, found beside this file's source through the package's `#db/*` imports rather than
 * beside `import.meta.url`: the web's build bundles this file elsewhere, and leaves the thread's module here.
 */
const THREAD_MODULE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("#db/sqlite/wal-checkpointer")),
  "checkpoint-thread.js",
);

export function startWalCheckpointer(
  file: string,
  onError: (error: Error) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  // No execArgv: the module is plain JavaScript, whatever loaders the process was started with.
  const thread = new Worker(THREAD_MODULE, {
    execArgv: [],
    workerData: { file, intervalMs } satisfies CheckpointThreadData,
  });
  // It never keeps a process alive: a process that exits without closing its database loses no data.
  thread.unref();
  thread.on("message", ({ message, code }: CheckpointFailure) =>
    onError(Object.assign(new Error(`WAL checkpoint of ${file} failed: ${message}`), { code })),
  );
  thread.on("error", onError);
  const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
  return {
    stop() {
      // Until it has closed its connection, the thread is what the process waits for.
      thread.ref();
      thread.postMessage("stop");
      return exited;
    },
  };
}
