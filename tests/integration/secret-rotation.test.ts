/** Rotating APP_SECRET keeps every stored key readable, all or nothing. */
import { describe, expect, it } from "vitest";
import { rotateStoredKeys, UnreadableKeyError } from "#db/secret-rotation";
import { insertUserKey } from "../support/rows";
import { findSsoProvider, insertSsoProvider } from "#db/sso-providers";
import { decryptSecret, encryptSecret } from "#platform/crypto";
import { TEST_VENDOR_KEY, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();

const NEW_SECRET = "n".repeat(64);
const storedVendorKeys = () =>
  t.db.selectFrom("api_vendors").select(["name", "api_key_encrypted"]).orderBy("name").execute();

describe("APP_SECRET rotation", () => {
  it("re-encrypts vendor and user keys, two-factor secrets and providers' client secrets to the new secret, and a second run changes nothing", async () => {
    const old = t.env.appSecret;
    const userId = await t.createUser();
    await insertUserKey(t.db, userId, "user-own-key-1234", old);
    await t.db
      .insertInto("user_totp")
      .values({
        user_id: userId,
        secret_encrypted: encryptSecret("JBSWY3DPEHPK3PXP", old),
        enabled_at: new Date().toISOString(),
        last_step: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const provider = {
      slug: "rotated-id",
      kind: "oidc" as const,
      displayName: "Rotated ID",
      issuerUrl: "https://id.example.com",
      clientId: "client",
      clientSecret: "client-secret-1234",
      scopes: "openid email",
    };
    await insertSsoProvider(t.db, provider, old);

    expect(await rotateStoredKeys(t.db, old, NEW_SECRET)).toEqual({
      vendorKeys: 4,
      userKeys: 1,
      totpSecrets: 1,
      ssoSecrets: 1,
    });
    expect((await findSsoProvider(t.db, "rotated-id", NEW_SECRET))?.clientSecret).toBe("client-secret-1234");
    for (const vendor of await storedVendorKeys()) {
      expect(decryptSecret(vendor.api_key_encrypted!, NEW_SECRET)).toBe(TEST_VENDOR_KEY);
      expect(() => decryptSecret(vendor.api_key_encrypted!, old)).toThrow();
    }
    const own = await t.db
      .selectFrom("user_api_keys")
      .select("api_key_encrypted")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(decryptSecret(own.api_key_encrypted, NEW_SECRET)).toBe("user-own-key-1234");
    const totp = await t.db
      .selectFrom("user_totp")
      .select("secret_encrypted")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(decryptSecret(totp.secret_encrypted, NEW_SECRET)).toBe("JBSWY3DPEHPK3PXP");

    expect(await rotateStoredKeys(t.db, old, NEW_SECRET)).toEqual({
      vendorKeys: 0,
      userKeys: 0,
      totpSecrets: 0,
      ssoSecrets: 0,
    });
  });

  it("changes nothing when a key is readable with neither secret", async () => {
    await t.db
      .updateTable("api_vendors")
      .set({ api_key_encrypted: encryptSecret("lost", "x".repeat(64)) })
      .where("name", "=", "openai")
      .execute();
    const before = await storedVendorKeys();
    await expect(rotateStoredKeys(t.db, NEW_SECRET, "z".repeat(64))).rejects.toThrow(UnreadableKeyError);
    expect(await storedVendorKeys()).toEqual(before);
  });
});
