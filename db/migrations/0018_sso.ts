import type { Kysely } from "kysely";
import { addIndex, deletedWith, ownedByUser, withTextKey, withTimestamps } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Sign-in through an organisation's identity provider (docs/product.md §7 'Single sign-on'):
 * - `sso_providers`: what an admin configured: an OpenID Connect issuer (or GitHub, which speaks OAuth2 only),
 *   the client id and its secret, encrypted like the vendors' keys (platform/crypto.ts).
 * - `user_identities`: which provider account (its `subject`, stable where an e-mail is not) is which user.
 *   One subject of one provider is one user; a user may have several.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withTextKey(db.schema.createTable("sso_providers"))
      /** In the sign-in URLs (/auth/<slug>): letters, digits and dashes. */
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("issuer_url", "text", (c) => c.notNull())
      .addColumn("client_id", "text", (c) => c.notNull())
      .addColumn("client_secret_encrypted", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull()),
  ).execute();

  await ownedByUser(db.schema.createTable("user_identities"))
    .addColumn("provider_id", "text", deletedWith("sso_providers.id"))
    .addColumn("subject", "text", (c) => c.notNull())
    /** The address the provider gave at the last sign-in, for the admin's eyes only: never a key. */
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("user_identities_provider_subject", ["provider_id", "subject"])
    .execute();
  // A user's links: read when an admin turns password sign-in off, removed with the user.
  await addIndex(db, "user_identities_user", "user_identities", ["user_id"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_identities").ifExists().execute();
  await db.schema.dropTable("sso_providers").ifExists().execute();
}
