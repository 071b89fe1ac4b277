/**
 * What several migrations build the same way. Migrations are frozen in time, so this is too: a change to what
 * it emits changes what every past migration produces on a fresh database.
 */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/** A plain index on `table` over `columns`, in that order. */
export const addIndex = (db: Kysely<any>, name: string, table: string, columns: string[]) =>
  db.schema.createIndex(name).on(table).columns(columns).execute();

/** A text primary key: `id` for a row whose id the app makes (a UUID), or a natural key such as a model's id. */
export const withTextKey = <T extends string, C extends string, K extends string = "id">(
  table: CreateTableBuilder<T, C>,
  column: K = "id" as K,
) => table.addColumn(column, "text", (c) => c.primaryKey());

/** A column that must name a row of `reference` (`table.column`): deleting that row deletes this one. */
export const deletedWith = (reference: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(reference).onDelete("cascade");

/** A user's row: its text `id`, then `user_id`. */
export const ownedByUser = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  withTextKey(table).addColumn("user_id", "text", deletedWith("users.id"));

/** A row of a user's chat: its text `id`, `chat_id`, then `user_id`. */
export const ownedByChat = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  withTextKey(table)
    .addColumn("chat_id", "text", deletedWith("chat_history.id"))
    .addColumn("user_id", "text", deletedWith("users.id"));

/** When the row was made and last changed, both written by the app. */
export const withTimestamps = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull());
