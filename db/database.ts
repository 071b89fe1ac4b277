/**
 * The database factory: SQLite (default) or PostgreSQL, picked by DATABASE_URL. Everything dialect-specific
 * lives here; the rest of the code uses Kysely's builder only.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type SqliteDialectConfig,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { BACKSTOP_CHECKPOINT_PAGES, startWalCheckpointer, type WalCheckpointer } from "./wal-checkpointer";

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

class ImmediateSqliteDialect extends SqliteDialect {
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

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing was ~40 % of SQL time in the benchmark. Kysely compiles a
 * query shape to the same SQL text every time, so prepared statements are reused by text (oldest evicted).
 */
function cacheStatements(sqlite: SQLite.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as SQLite.Database["prepare"];
}

export function openSqlite(file: string) {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  // SQLite's own wait while the connection is set up; Kysely's statements then wait in retryWhileBusy.
  const sqlite = new SQLite(file, { timeout: BUSY_TIMEOUT_MS });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 0");
  cacheStatements(sqlite);
  return sqlite;
}

export type Db = Kysely<Database>;

/** Told when PostgreSQL drops a pooled connection that was idle (a server restart, an admin's terminate). */
export type IdleConnectionError = (error: Error) => void;

const warnIdleConnectionError: IdleConnectionError = (error) =>
  process.emitWarning(`an idle PostgreSQL connection failed and was dropped from the pool: ${error.message}`);

export interface DatabaseOptions {
  onIdleConnectionError?: IdleConnectionError;
  /**
   * SQLite: WAL checkpoints on a thread of their own (db/wal-checkpointer.ts), for the long-lived web and
   * worker processes; a checkpoint that fails is reported here.
   */
  backgroundCheckpoints?: { onError: (error: Error) => void };
}

/** What a service logs its database's own failures with (a pino logger's shape). */
interface FailureLog {
  warn(details: { err: Error }, message: string): void;
  error(details: { err: Error }, message: string): void;
}

/** The options of a long-running service's database (web, worker): checkpoints in the background, failures logged. */
export const serviceDatabaseOptions = (log: FailureLog): DatabaseOptions => ({
  onIdleConnectionError: (error) =>
    log.warn({ err: error }, "an idle PostgreSQL connection failed; the pool replaces it"),
  backgroundCheckpoints: { onError: (error) => log.error({ err: error }, "WAL checkpoint failed") },
});

export function createDatabase(
  databaseUrl: string,
  { onIdleConnectionError = warnIdleConnectionError, backgroundCheckpoints }: DatabaseOptions = {},
): Db {
  if (databaseUrl.startsWith("file:")) {
    const file = databaseUrl.slice("file:".length);
    const onDisk = file !== ":memory:";
    const database = openSqlite(onDisk ? path.resolve(file) : file);
    let checkpointer: WalCheckpointer | null = null;
    if (backgroundCheckpoints && onDisk) {
      database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
      checkpointer = startWalCheckpointer(database.name, backgroundCheckpoints.onError);
    }
    return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }, checkpointer) });
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // Without a listener, an idle client's error is an uncaught exception that ends the process; the pool
  // has already dropped that client and opens a new one on the next query.
  pool.on("error", onIdleConnectionError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** True when the error is a unique-constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/** True on PostgreSQL; migrations use it for the one thing the dialects spell differently (serial ids). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations pass an untyped Kysely
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Runs `read` on one snapshot of the database: what another process commits while it runs is in none of its
 * reads. A page read in several statements otherwise shows half of a write (a reply's message not
 * yet stored, its completion already over: the reply on no screen). SQLite: a deferred transaction, which takes
 * no write lock; PostgreSQL: repeatable read, where read committed gives each statement its own snapshot.
 * `read` must use the Db it is given: the process's SQLite connection is held until it returns.
 */
export function readSnapshot<T>(db: Db, read: (snapshot: Db) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(read);
}

/**
 * Serialises a user's writes inside a transaction, so checks like "fewer than 3 messages today" cannot be
 * raced by parallel requests. SQLite needs nothing more: BEGIN IMMEDIATE already holds the only write lock.
 */
export async function lockUserRow(trx: Kysely<Database>, userId: string): Promise<void> {
  if (isPostgres(trx)) await sql`select id from users where id = ${userId} for update`.execute(trx);
}
