/**
 * Moving the stored keys (vendor keys, users' own keys, two-factor secrets, identity providers' client secrets)
 * from one APP_SECRET to another, in one transaction:
 * either every key is readable with the new secret afterwards, or nothing changed. A key already encrypted
 * with the new secret (a rotation run twice) is left as it is.
 */
import { decryptSecret, encryptSecret } from "#platform/crypto";
import type { Db } from "./database";

export class UnreadableKeyError extends Error {
  constructor(where: string) {
    super(`${where}: readable with neither the old nor the new secret; nothing was changed`);
    this.name = "UnreadableKeyError";
  }
}

function reencrypt(stored: string, from: string, to: string, where: string): string | null {
  try {
    return encryptSecret(decryptSecret(stored, from), to);
  } catch {
    try {
      decryptSecret(stored, to);
      return null;
    } catch {
      throw new UnreadableKeyError(where);
    }
  }
}

export async function rotateStoredKeys(db: Db, from: string, to: string) {
  return db.transaction().execute(async (trx) => {
    let vendorKeys = 0;
    let userKeys = 0;
    const vendors = await trx
      .selectFrom("api_vendors")
      .select(["id", "name", "api_key_encrypted"])
      .where("api_key_encrypted", "is not", null)
      .execute();
    for (const vendor of vendors) {
      const next = reencrypt(vendor.api_key_encrypted!, from, to, `vendor ${vendor.name}`);
      if (next === null) continue;
      await trx
        .updateTable("api_vendors")
        .set({ api_key_encrypted: next })
        .where("id", "=", vendor.id)
        .execute();
      vendorKeys++;
    }
    const keys = await trx
      .selectFrom("user_api_keys")
      .select(["user_id", "vendor", "api_key_encrypted"])
      .execute();
    for (const key of keys) {
      const next = reencrypt(key.api_key_encrypted, from, to, `user ${key.user_id}'s ${key.vendor} key`);
      if (next === null) continue;
      await trx
        .updateTable("user_api_keys")
        .set({ api_key_encrypted: next })
        .where("user_id", "=", key.user_id)
        .where("vendor", "=", key.vendor)
        .execute();
      userKeys++;
    }
    let totpSecrets = 0;
    const secrets = await trx.selectFrom("user_totp").select(["user_id", "secret_encrypted"]).execute();
    for (const secret of secrets) {
      const next = reencrypt(secret.secret_encrypted, from, to, `user ${secret.user_id}'s two-factor secret`);
      if (next === null) continue;
      await trx
        .updateTable("user_totp")
        .set({ secret_encrypted: next })
        .where("user_id", "=", secret.user_id)
        .execute();
      totpSecrets++;
    }
    let ssoSecrets = 0;
    const providers = await trx
      .selectFrom("sso_providers")
      .select(["id", "slug", "client_secret_encrypted"])
      .execute();
    for (const provider of providers) {
      const next = reencrypt(
        provider.client_secret_encrypted,
        from,
        to,
        `identity provider ${provider.slug}`,
      );
      if (next === null) continue;
      await trx
        .updateTable("sso_providers")
        .set({ client_secret_encrypted: next })
        .where("id", "=", provider.id)
        .execute();
      ssoSecrets++;
    }
    return { vendorKeys, userKeys, totpSecrets, ssoSecrets };
  });
}
