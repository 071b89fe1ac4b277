// @ts-check
/**
 * The WAL checkpoint thread (started by wal-checkpointer.ts): its own connection to the database copies the
 * WAL into the database file on an interval. SQLITE_BUSY means another connection is checkpointing already;
 * it does the work. Any other failure is posted back to be reported, once until a checkpoint succeeds again:
 * a failure that lasts would otherwise be logged ten times a second.
 *
 * JavaScript, type-checked through its JSDoc: the thread loads it with no loader, whether the process runs
 * under tsx, vitest or the web's compiled build (Node 20 applies no TypeScript loader to a worker's entry).
 */
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

/** @typedef {import("./wal-checkpointer").CheckpointThreadData} CheckpointThreadData */
/** @typedef {import("./wal-checkpointer").CheckpointFailure} CheckpointFailure */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const { file, intervalMs } = /** @type {CheckpointThreadData} */ (workerData);

/** @type {string | null} */
let failing = null;

/** @param {unknown} error */
function report(error) {
  const { message, code } = /** @type {{ message?: unknown; code?: unknown }} */ (error ?? {});
  /** @type {CheckpointFailure} */
  const failure = { message: String(message), code: typeof code === "string" ? code : undefined };
  if (failure.message !== failing) port.postMessage(failure);
  failing = failure.message;
}

/** @returns {SQLite.Database | null} */
function open() {
  try {
    const connection = new SQLite(file, { fileMustExist: true });
    connection.pragma("synchronous = NORMAL");
    return connection;
  } catch (error) {
    report(error);
    return null;
  }
}

const db = open();

const timer =
  db === null
    ? undefined
    : setInterval(() => {
        try {
          db.pragma("wal_checkpoint(PASSIVE)");
          failing = null;
        } catch (error) {
          const { code } = /** @type {{ code?: unknown }} */ (error);
          if (!String(code).startsWith("SQLITE_BUSY")) report(error);
        }
      }, intervalMs);

port.once("message", () => {
  clearInterval(timer);
  db?.close();
  port.close();
});
