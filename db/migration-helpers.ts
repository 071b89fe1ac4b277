/**
 * What several migrations build the same way. Migrations are frozen in time, so this is too: a change to what
 * it emits changes what every past migration produces on a fresh database.
 */
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/** A plain index on `table` over `columns`, in that order. */
export const addIndex = (db: Kysely<any>, name: string, table: string, columns: string[]) =>
  db.schema.createIndex(name).on(table).columns(columns).execute();
