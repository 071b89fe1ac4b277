import type { Kysely } from "kysely";
import { addIndex, deletedWith, ownedByUser } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Two-factor sign-in (docs/product.md §8):
 * - `user_totp`: a user's TOTP secret, encrypted like vendor keys (a copy of the database yields no codes), and
 *   `enabled_at` once a first code proved the user's app holds it (null: set-up begun, not finished).
 *   `last_step` is the 30-second step of the last code taken, so a code seen over a shoulder cannot be used again.
 * - `recovery_codes`: the ten single-use codes, as SHA-256 only; `used_at` once spent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_totp")
    .addColumn("user_id", "text", (c) => deletedWith("users.id")(c).primaryKey())
    .addColumn("secret_encrypted", "text", (c) => c.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await ownedByUser(db.schema.createTable("recovery_codes"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "recovery_codes_user", "recovery_codes", ["user_id", "code_hash"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("recovery_codes").ifExists().execute();
  await db.schema.dropTable("user_totp").ifExists().execute();
}
