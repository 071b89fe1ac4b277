/** A user's own key: checked with the vendor by a worker, stored encrypted only when the vendor accepts it. */
import { beforeAll, describe, expect, it } from "vitest";
import { KEY_CHECKS_PER_HOUR } from "~/modules/auth/rate-limit.server";
import { keyMessages } from "~/modules/vendors/key-messages";
import { saveUserKey, UserKeyError, userKeyStatus } from "~/modules/vendors/user-keys.server";
import { decryptSecret } from "#platform/crypto";
import { setUpTestEnv, setUpWorker } from "../support/test-env";

const t = setUpTestEnv();
beforeAll(async () => {
  await t.db
    .updateTable("api_vendors")
    .set({ api_key_encrypted: null })
    .where("name", "=", "together")
    .execute();
  t.mock.setBehaviour({ requireKey: "sk-good-1234" }, "together");
});
setUpWorker(2);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof UserKeyError ? { status: error.status, message: error.message } : error,
  );

describe("a user's own API key", () => {
  it("is needed only when no vendor has a key of the service's own, not merely the active one", async () => {
    const userId = await t.createUser();
    const status = { vendor: "together", vendorName: "Together AI", last4: null };
    // The other vendors' keys answer: the user is not asked for one of their own.
    expect(await userKeyStatus(t.db, userId)).toEqual({ ...status, required: false });
    const saved = await t.db.selectFrom("api_vendors").select(["id", "api_key_encrypted"]).execute();
    await t.db.updateTable("api_vendors").set({ api_key_encrypted: null }).execute();
    try {
      expect(await userKeyStatus(t.db, userId)).toEqual({ ...status, required: true });
    } finally {
      for (const { id, api_key_encrypted } of saved)
        await t.db.updateTable("api_vendors").set({ api_key_encrypted }).where("id", "=", id).execute();
    }
  });

  it("is refused with the vendor's answer when the vendor rejects it, and nothing is stored", async () => {
    const userId = await t.createUser();
    expect(await failure(saveUserKey(t.db, userId, "sk-wrong-0000", t.env.appSecret))).toEqual({
      status: 422,
      message: "API key verification failed: Authentication error (401): API key may be invalid or expired",
    });
    expect(
      await t.db.selectFrom("user_api_keys").selectAll().where("user_id", "=", userId).execute(),
    ).toEqual([]);
  });

  it("is stored encrypted, showing only its last four characters, once the vendor accepts it", async () => {
    const userId = await t.createUser();
    const status = await saveUserKey(t.db, userId, "sk-good-1234", t.env.appSecret);
    expect(status).toMatchObject({ vendor: "together", last4: "1234" });
    const row = await t.db
      .selectFrom("user_api_keys")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.api_key_encrypted).not.toContain("sk-good");
    expect(decryptSecret(row.api_key_encrypted, t.env.appSecret)).toBe("sk-good-1234");
    const check = t.mock.requests("together").at(-1);
    expect(check?.headers.authorization).toBe("Bearer sk-good-1234");
    expect(check?.body).toMatchObject({ messages: [{ role: "user", content: "Hello" }] });
  });

  it("is checked with the vendor at most KEY_CHECKS_PER_HOUR times an hour per user, then 429 without asking", async () => {
    const userId = await t.createUser();
    for (let i = 0; i < KEY_CHECKS_PER_HOUR; i++) {
      expect(await failure(saveUserKey(t.db, userId, `sk-guess-${i}`, t.env.appSecret))).toMatchObject({
        status: 422,
      });
    }
    const asked = t.mock.requests("together").length;
    expect(await failure(saveUserKey(t.db, userId, "sk-good-1234", t.env.appSecret))).toEqual({
      status: 429,
      message: keyMessages.tooManyChecks,
    });
    expect(t.mock.requests("together").length).toBe(asked);
    // Another user's checks are their own.
    const other = await t.createUser();
    expect(await saveUserKey(t.db, other, "sk-good-1234", t.env.appSecret)).toMatchObject({ last4: "1234" });
  });
});
