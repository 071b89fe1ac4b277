/**
 * `npm run admin:create` and ADMIN_PASSWORD (at every start) go through `ensureAdmin`: a new password ends every
 * session of that account, so whoever held one (30 days) must sign in with the new password; the same password
 * again — every restart with ADMIN_PASSWORD set — keeps them.
 */
import { describe, expect, it } from "vitest";
import { sessionCookieFor } from "../support/route-calls";
import { setUpTestEnv, importAfterEnv } from "../support/test-env";

const t = setUpTestEnv();
const users = importAfterEnv(() => import("~/modules/auth/users.server"));

const sessionsOf = async (userId: string) =>
  (await t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

describe("resetting the admin's password", () => {
  it("ends every session of the account; the same password again ends none", async () => {
    const email = `reset-${Date.now()}@example.test`;
    const admin = await users.ensureAdmin(t.db, email, "first-admin-password");
    await sessionCookieFor(t, admin.id);
    await sessionCookieFor(t, admin.id);

    await users.ensureAdmin(t.db, email, "first-admin-password");
    expect(await sessionsOf(admin.id)).toBe(2);

    await users.ensureAdmin(t.db, email, "second-admin-password");
    expect(await sessionsOf(admin.id)).toBe(0);
  });
});
