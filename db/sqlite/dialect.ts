/**
 * The SQLite dialect the web and the workers share one database file with: every write transaction takes the
 * write lock up front, a statement refused for another connection's lock waits without blocking the process,
 * and WAL checkpoints can run on a thread of their own (wal-checkpointer.ts). ADR 0004 says why.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type SqliteDialectConfig,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from "kysely";
import type { WalCheckpointer } from "./wal-checkpointer";

/**
 * SQLite's plain BEGIN takes the write lock lazily; a transaction that reads and then writes while another
 * process writes fails with SQLITE_BUSY at once, whatever the wait allowed. BEGIN IMMEDIATE takes the lock up
 * front, so concurrent writers from the web and the workers wait their turn instead. A read-only transaction
 * never writes: it begins deferred and takes no write lock (SQLite's transactions are serializable, whatever
 * isolation level is asked for).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  private waiting: DatabaseConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly checkpointer: WalCheckpointer | null,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.waiting ??= waitingForLock(connection);
    return this.waiting;
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings?: TransactionSettings,
  ): Promise<void> {
    const begin = settings?.accessMode === "read only" ? "begin deferred" : "begin immediate";
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  /** The thread first, so the process's connection is the last one and leaves no WAL behind. */
  override async destroy(): Promise<void> {
    await this.checkpointer?.stop();
    await super.destroy();
  }
}

/** How long a statement waits for another connection's write lock before its SQLITE_BUSY goes up. */
export const BUSY_TIMEOUT_MS = 5_000;
/** Pauses between attempts: the first lets the event loop turn once; a writer holds the lock ~1 ms. */
export const BUSY_PAUSES_MS = [0, 1, 1, 2, 2, 5, 5, 10];

const isBusy = (error: unknown) =>
  String((error as { code?: unknown } | null)?.code ?? "").startsWith("SQLITE_BUSY");

const pauseFor = (ms: number) =>
  new Promise<void>((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

/**
 * Runs a statement, trying it again while another connection holds the write lock. SQLite's own busy handler
 * would sleep in the calling thread, stalling every reply and request of the process for each wait (1 ms at
 * the least, more under load), so the connection waits for nothing (busy_timeout 0) and the pause is here,
 * asynchronous. A statement refused with SQLITE_BUSY has done nothing, so trying it again is safe.
 */
export async function retryWhileBusy<T>(
  run: () => Promise<T>,
  { pause = pauseFor, timeoutMs = BUSY_TIMEOUT_MS, now = () => performance.now() } = {},
): Promise<T> {
  const deadline = now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || now() >= deadline) throw error;
      await pause(BUSY_PAUSES_MS[Math.min(attempt, BUSY_PAUSES_MS.length - 1)]!);
    }
  }
}

/** The connection, its statements waiting for the write lock without blocking (retryWhileBusy). */
function waitingForLock(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: (query) => retryWhileBusy(async () => connection.executeQuery(query)),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

export class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config, this.checkpointer);
  }
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly checkpointer: WalCheckpointer | null,
  ) {
    super(config);
  }
}

export function openSqlite(file: string) {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  // SQLite's own wait while the connection is set up; Kysely's statements then wait in retryWhileBusy.
  const sqlite = new SQLite(file, { timeout: BUSY_TIMEOUT_MS });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 0");
  return sqlite;
}
