/**
 * Settings → Password and sessions (/settings/security): a user changes their password, which ends every
 * other session and keeps this one, or ends every other session at will; bad input is refused with the
 * catalogue's text and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/password.server";
import { insertUser } from "../support/rows";
import { messages } from "~/modules/texts/catalogue";
import { args, get, outcome, post, sessionCookieFor, type Visitor } from "../support/route-calls";
import { importAfterEnv, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
const route = importAfterEnv(() => import("~/routes/settings_.security"));

const PASSWORD = "violet-harbour-71-lantern";
const NEW_PASSWORD = "copper-meadow-38-quartz";

/** A user with a password, signed in here and on two other devices. */
async function userOnThreeDevices() {
  const userId = await insertUser(t.db, { password: PASSWORD });
  const [here, phone, laptop] = [
    await sessionCookieFor(t, userId),
    await sessionCookieFor(t, userId),
    await sessionCookieFor(t, userId),
  ];
  return { userId, here, others: [phone!, laptop!] };
}

const signedIn = async (visitor: Visitor) =>
  (await outcome(() => route.loader(args(get("/settings/security", visitor))))).status === 200;

const send = (visitor: Visitor, form: Record<string, string>) =>
  outcome(() => route.action(args(post("/settings/security", visitor, form))));

const storedHash = async (userId: string) =>
  (await t.db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow())
    .password_hash!;

describe("Settings → Password and sessions", () => {
  it("changes the password, ending every other session and keeping this one", async () => {
    const { userId, here, others } = await userOnThreeDevices();
    expect(await outcome(() => route.loader(args(get("/settings/security", here))))).toMatchObject({
      body: { hasPassword: true, otherSessions: 2 },
    });
    const changed = await send(here, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/settings/security");
    expect(await verifyPassword(await storedHash(userId), NEW_PASSWORD)).toBe(true);
    expect(await signedIn(here)).toBe(true);
    for (const other of others) expect(await signedIn(other)).toBe(false);
  });

  it.each([
    [
      "a wrong current password",
      { currentPassword: "not-it-at-all" },
      "currentPassword",
      messages.currentPasswordWrong,
    ],
    [
      "no current password",
      { currentPassword: undefined },
      "currentPassword",
      messages.currentPasswordRequired,
    ],
    [
      "a short new password",
      { newPassword: "short", confirmPassword: "short" },
      "newPassword",
      messages.passwordTooShort,
    ],
    [
      "a common new password",
      { newPassword: "password123", confirmPassword: "password123" },
      "newPassword",
      messages.passwordTooCommon,
    ],
    [
      "a confirmation that differs",
      { confirmPassword: "copper-meadow-38-quartZ" },
      "confirmPassword",
      messages.passwordsDiffer,
    ],
  ])("refuses %s with the catalogue's text, changing nothing", async (_, change, field, text) => {
    const { userId, here, others } = await userOnThreeDevices();
    const hash = await storedHash(userId);
    const form = Object.fromEntries(
      Object.entries({
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        ...change,
      }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const refused = await send(here, form);
    expect(refused.status).toBe(400);
    expect((refused.body as { error: Record<string, string[]> }).error[field]).toEqual([text]);
    expect(await storedHash(userId)).toBe(hash);
    for (const other of others) expect(await signedIn(other)).toBe(true);
  });

  it("signs out everywhere else, keeping this session", async () => {
    const { here, others } = await userOnThreeDevices();
    const done = await send(here, { intent: "signout-others" });
    expect(done.status).toBe(302);
    expect(await signedIn(here)).toBe(true);
    for (const other of others) expect(await signedIn(other)).toBe(false);
    expect(await outcome(() => route.loader(args(get("/settings/security", here))))).toMatchObject({
      body: { otherSessions: 0 },
    });
  });

  it("sends a signed-out visitor to sign in, for the page and both forms", async () => {
    expect((await outcome(() => route.loader(args(get("/settings/security", null))))).status).toBe(302);
    expect((await send(null as never, { intent: "signout-others" })).status).toBe(302);
  });
});
