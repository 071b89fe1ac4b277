/**
 * The identity providers an admin configured, with their client secrets sealed by APP_SECRET
 * (platform/crypto.ts), and the provider accounts linked to users. Shared by the web and the operator tools.
 */
import { decryptSecret, encryptSecret } from "#platform/crypto";
import type { Db } from "./database";
import { insertWithNewId } from "./new-row";
import { nowIso, type SsoKind, type SsoProvider } from "./schema";

export interface SsoProviderInput {
  slug: string;
  kind: SsoKind;
  displayName: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

/** A provider as the sign-in flow uses it: the secret opened. */
export interface SsoProviderConfig extends Omit<SsoProviderInput, "clientSecret"> {
  id: string;
  clientSecret: string;
}

export async function insertSsoProvider(db: Db, input: SsoProviderInput, appSecret: string) {
  const now = nowIso();
  return insertWithNewId(db, "sso_providers", {
    slug: input.slug,
    kind: input.kind,
    display_name: input.displayName,
    issuer_url: input.issuerUrl,
    client_id: input.clientId,
    client_secret_encrypted: encryptSecret(input.clientSecret, appSecret),
    scopes: input.scopes,
    created_at: now,
    updated_at: now,
  });
}

/** Every provider, oldest first (the order of the sign-in buttons); no secret leaves here. */
export function listSsoProviders(db: Db) {
  return db
    .selectFrom("sso_providers")
    .select(["id", "slug", "kind", "display_name", "issuer_url", "client_id", "scopes"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

const toConfig = (row: SsoProvider, appSecret: string): SsoProviderConfig => ({
  id: row.id,
  slug: row.slug,
  kind: row.kind,
  displayName: row.display_name,
  issuerUrl: row.issuer_url,
  clientId: row.client_id,
  clientSecret: decryptSecret(row.client_secret_encrypted, appSecret),
  scopes: row.scopes,
});

export async function findSsoProvider(db: Db, slug: string, appSecret: string) {
  const row = await db.selectFrom("sso_providers").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toConfig(row, appSecret) : null;
}

export async function findSsoProviderById(db: Db, id: string, appSecret: string) {
  const row = await db.selectFrom("sso_providers").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toConfig(row, appSecret) : null;
}

/** Removing a provider removes its links: its accounts can no longer sign anyone in. */
export async function deleteSsoProvider(db: Db, id: string) {
  const deleted = await db.deleteFrom("sso_providers").where("id", "=", id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
