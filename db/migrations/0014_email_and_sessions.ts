import type { Kysely } from "kysely";
import { addIndex, ownedByUser } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * E-mail links and the sessions list (docs/product.md §7, §8):
 * - `account_tokens`: a password-reset or e-mail-verification link's token, stored as its SHA-256 only (the
 *   link itself is the secret; a copy of the database opens nothing), single use and expiring.
 * - `users.email_verified_at`: when the address was proved. Accounts older than verification count as proved,
 *   so turning `EMAIL_VERIFICATION=required` on locks nobody out who could chat before.
 * - `sessions`: the device (user agent), the address it signed in from and when it was last seen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await ownedByUser(db.schema.createTable("account_tokens"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("purpose", "text", (c) => c.notNull())
    /** The address the link went to: a verification proves that address, not a later one. */
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "account_tokens_user", "account_tokens", ["user_id", "purpose"]);

  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await db
    .updateTable("users")
    .set((eb: any) => ({ email_verified_at: eb.ref("created_at") }))
    .where("is_demo", "=", 0)
    .execute();

  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("ip", "text").execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["user_agent", "ip", "last_seen_at"])
    await db.schema.alterTable("sessions").dropColumn(column).execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
  await db.schema.dropTable("account_tokens").ifExists().execute();
}
