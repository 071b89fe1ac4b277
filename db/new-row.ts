/** Rows inserted under a new id, shared by the web and the test harness. */
import type { InsertObject, Insertable } from "kysely";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "./database";
import type { Database } from "./schema";

/** The tables keyed by a text `id` that the inserting code makes. */
type IdTable = { [T in keyof Database]: Database[T] extends { id: string } ? T : never }[keyof Database];

/** Inserts `row` under a new id, a UUID v7 (ids sort by creation time), and returns the id. */
export async function insertWithNewId<T extends IdTable>(
  db: Db,
  table: T,
  row: Omit<Insertable<Database[T]>, "id">,
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto(table)
    .values({ id, ...row } as InsertObject<Database, T>)
    .execute();
  return id;
}
