/**
 * The database factory: SQLite (default) or PostgreSQL, picked by DATABASE_URL. Everything dialect-specific
 * lives here and in db/sqlite/; the rest of the code uses Kysely's builder only.
 */
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { ImmediateSqliteDialect, openSqlite } from "./sqlite/dialect";
import {
  BACKSTOP_CHECKPOINT_PAGES,
  startWalCheckpointer,
  type WalCheckpointer,
} from "./sqlite/wal-checkpointer";

export type Db = Kysely<Database>;

/** Told when PostgreSQL drops a pooled connection that was idle (a server restart, an admin's terminate). */
export type IdleConnectionError = (error: Error) => void;

const warnIdleConnectionError: IdleConnectionError = (error) =>
  process.emitWarning(`an idle PostgreSQL connection failed and was dropped from the pool: ${error.message}`);

export interface DatabaseOptions {
  onIdleConnectionError?: IdleConnectionError;
  /**
   * SQLite: WAL checkpoints on a thread of their own (db/sqlite/wal-checkpointer.ts), for the long-lived web and
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
