/**
 * E-mailed links (docs/product.md §7) against a real SMTP server in this process: a forgotten password is reset
 * from the mail that arrived, the link works once and for 30 minutes, every address gets the same answer, and
 * the reset ends every session. Confirmation links prove the address. Settings signs out one other session.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "~/modules/auth/password.server";
import { insertUser } from "../support/rows";
import { messages } from "~/modules/texts/catalogue";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { args, get, outcome, post, sessionCookieFor, type Visitor } from "../support/route-calls";
import { importAfterEnv, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
let smtp: TestSmtp;
const PUBLIC_URL = "https://chat.example.test";
beforeAll(async () => {
  smtp = await startTestSmtp();
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Rogue AI <noreply@example.test>",
    PUBLIC_URL,
  });
});
afterAll(() => smtp?.close());

const tokens = importAfterEnv(() => import("~/modules/auth/account-tokens.server"));
const verification = importAfterEnv(() => import("~/modules/auth/email-verification.server"));
const forgot = importAfterEnv(() => import("~/routes/_public.forgot-password"));
const reset = importAfterEnv(() => import("~/routes/_public.reset-password.$token"));
const verify = importAfterEnv(() => import("~/routes/_public.verify-email.$token"));
const security = importAfterEnv(() => import("~/routes/settings_.security"));

const PASSWORD = "violet-harbour-71-lantern";
const NEW_PASSWORD = "copper-meadow-38-quartz";

async function userWithPassword() {
  const userId = await insertUser(t.db, { password: PASSWORD });
  return { userId, email: `${userId}@example.test` };
}

/** The link in the newest mail to `to`, once it has arrived. */
async function linkMailedTo(to: string, path: string) {
  const mail = await vi.waitFor(() => {
    const found = smtp.received.findLast((m) => m.to.includes(to));
    if (!found) throw new Error(`no mail to ${to} yet`);
    return found;
  });
  const link = new RegExp(`${PUBLIC_URL}${path}/([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return { mail, token: link![1]! };
}

const ask = (email: string) => outcome(() => forgot.action(args(post("/forgot-password", null, { email }))));

const signedIn = async (visitor: Visitor) =>
  (await outcome(() => security.loader(args(get("/settings/security", visitor))))).status === 200;

describe("link tokens", () => {
  it("are stored as their SHA-256 only, work once, and expire", async () => {
    const { userId, email } = await userWithPassword();
    const token = await tokens.issueToken(t.db, { id: userId, email }, "password-reset");
    const stored = await t.db
      .selectFrom("account_tokens")
      .selectAll()
      .where("user_id", "=", userId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);

    const usedBy: string[] = [];
    const redeem = (link: string) =>
      tokens.redeemToken(t.db, link, "password-reset", "203.0.113.9", async (_trx, row) => {
        usedBy.push(row.user_id);
      });
    await redeem(token);
    expect(usedBy).toEqual([userId]);
    await expect(redeem(token)).rejects.toMatchObject({ problem: "used" });
    expect(usedBy).toEqual([userId]);
    // Another kind of link does not take it.
    await expect(tokens.usableToken(t.db, token, "email-verification")).rejects.toMatchObject({
      problem: "invalid",
    });

    const halfAnHourAgo = new Date(Date.now() - 30 * 60 * 1000 - 1000);
    const old = await tokens.issueToken(t.db, { id: userId, email }, "password-reset", halfAnHourAgo);
    await expect(redeem(old)).rejects.toMatchObject({
      problem: "expired",
      message: messages.linkExpired,
    });
    await expect(tokens.usableToken(t.db, "not a token", "password-reset")).rejects.toMatchObject({
      problem: "invalid",
      message: messages.linkInvalid,
    });
  });

  it("are used and audited together: a use its work refuses leaves the link unused and nothing audited", async () => {
    const { userId, email } = await userWithPassword();
    const token = await tokens.issueToken(t.db, { id: userId, email }, "email-verification");
    const audited = () =>
      t.db
        .selectFrom("audit_log")
        .select(["actor_user_id", "action", "target_type", "target_id", "ip"])
        .where("target_id", "=", userId)
        .execute();
    const refused = async () => {
      throw new tokens.LinkRefusal("invalid");
    };
    await expect(
      tokens.redeemToken(t.db, token, "email-verification", "203.0.113.9", refused),
    ).rejects.toMatchObject({ problem: "invalid" });
    expect((await tokens.usableToken(t.db, token, "email-verification")).used_at).toBeNull();
    expect(await audited()).toEqual([]);

    await tokens.redeemToken(t.db, token, "email-verification", "203.0.113.9", async () => {});
    expect(await audited()).toEqual([
      {
        actor_user_id: userId,
        action: "email.verify",
        target_type: "user",
        target_id: userId,
        ip: "203.0.113.9",
      },
    ]);
  });

  it("a newer link of the same kind replaces the older one", async () => {
    const { userId, email } = await userWithPassword();
    const first = await tokens.issueToken(t.db, { id: userId, email }, "password-reset");
    await tokens.issueToken(t.db, { id: userId, email }, "password-reset");
    await expect(tokens.usableToken(t.db, first, "password-reset")).rejects.toMatchObject({
      problem: "invalid",
    });
  });
});

describe("password reset by e-mail", () => {
  it("resets a forgotten password from the mail, ends every session, and refuses the link again", async () => {
    const { userId, email } = await userWithPassword();
    const sessions = [await sessionCookieFor(t, userId), await sessionCookieFor(t, userId)];

    const known = await ask(email);
    const unknown = await ask(`nobody-${Date.now()}@example.test`);
    expect(known).toMatchObject({ status: 200 });
    expect(unknown.status).toBe(known.status);
    expect(JSON.stringify(unknown.body).replace(/nobody-\d+@example.test/, email)).toBe(
      JSON.stringify(known.body),
    );

    const { mail, token } = await linkMailedTo(email, "/reset-password");
    expect(mail.from).toBe('"Rogue AI" <noreply@example.test>');
    expect(mail.subject).toBe("Reset your Rogue AI password");
    expect(await outcome(() => reset.loader(args(get(`/reset-password/${token}`), { token })))).toMatchObject(
      {
        status: 200,
        body: { email },
      },
    );

    const submit = (form: Record<string, string>) =>
      outcome(() => reset.action(args(post(`/reset-password/${token}`, null, form), { token })));
    for (const [form, field, text] of [
      [{ newPassword: "short", confirmPassword: "short" }, "newPassword", messages.passwordTooShort],
      [
        { newPassword: "password123", confirmPassword: "password123" },
        "newPassword",
        messages.passwordTooCommon,
      ],
      [
        { newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
        "confirmPassword",
        messages.passwordsDiffer,
      ],
    ] as const) {
      const refused = await submit(form);
      expect(refused.status).toBe(400);
      expect((refused.body as { error: Record<string, string[]> }).error[field]).toEqual([text]);
    }
    for (const session of sessions) expect(await signedIn(session)).toBe(true);

    const done = await submit({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/signin");
    const user = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password_hash!, NEW_PASSWORD)).toBe(true);
    for (const session of sessions) expect(await signedIn(session)).toBe(false);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", userId)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(["password.reset-request", "password.reset"]),
    );

    expect(await outcome(() => reset.loader(args(get(`/reset-password/${token}`), { token })))).toMatchObject(
      {
        status: 410,
        body: { problem: messages.linkUsed },
      },
    );
    const again = await submit({ newPassword: PASSWORD, confirmPassword: PASSWORD });
    expect(again.status).toBe(410);
    expect((again.body as { error: Record<string, string[]> }).error[""]).toEqual([messages.linkUsed]);
  });

  it("refuses a malformed link and a bad address with the catalogue's text", async () => {
    const token = "abc";
    expect(await outcome(() => reset.loader(args(get(`/reset-password/${token}`), { token })))).toMatchObject(
      {
        status: 400,
        body: { problem: messages.linkInvalid },
      },
    );
    const refused = await ask("not-an-address");
    expect(refused.status).toBe(400);
    expect((refused.body as { error: Record<string, string[]> }).error.email).toEqual([
      messages.emailInvalid,
    ]);
  });

  it("limits requests for one address", async () => {
    const email = `limited-${Date.now()}@example.test`;
    for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(200);
    const refused = await ask(email);
    expect(refused.status).toBe(429);
    expect((refused.body as { error: Record<string, string[]> }).error[""]).toEqual([
      messages.tooManyResetRequests,
    ]);
  });
});

describe("e-mail confirmation", () => {
  it("a mailed link confirms the address with one click", async () => {
    const { userId, email } = await userWithPassword();
    const user = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(await verification.resendConfirmation(t.db, user)).toBe(true);
    const { token } = await linkMailedTo(email, "/verify-email");
    expect(await outcome(() => verify.loader(args(get(`/verify-email/${token}`), { token })))).toMatchObject({
      status: 200,
      body: { email },
    });
    // Opening the link changes nothing; the POST confirms.
    const before = await t.db
      .selectFrom("users")
      .select("email_verified_at")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(before.email_verified_at).toBeNull();
    const done = await outcome(() =>
      verify.action(args(post(`/verify-email/${token}`, null, {}), { token })),
    );
    expect(done.status).toBe(302);
    const after = await t.db
      .selectFrom("users")
      .select("email_verified_at")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(after.email_verified_at).not.toBeNull();
    const reused = await outcome(() =>
      verify.action(args(post(`/verify-email/${token}`, null, {}), { token })),
    );
    expect(reused).toMatchObject({ status: 410, body: { error: messages.linkUsed } });
  });
});

describe("Settings → sessions", () => {
  it("lists the sessions, this one marked, and signs out one other", async () => {
    const { userId } = await userWithPassword();
    const [here, phone, laptop] = [
      await sessionCookieFor(t, userId),
      await sessionCookieFor(t, userId),
      await sessionCookieFor(t, userId),
    ];
    const page = await outcome(() => security.loader(args(get("/settings/security", here!))));
    const { sessions } = page.body as { sessions: { handle: string; current: boolean }[] };
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    expect(JSON.stringify(page.body)).not.toContain(phone!.cookie.split("=")[1]!.split(".")[0]!);

    const done = await outcome(() =>
      security.action(
        args(post("/settings/security", here!, { intent: "signout-session", session: sessions[1]!.handle })),
      ),
    );
    expect(done.status).toBe(302);
    expect(
      [await signedIn(here!), await signedIn(phone!), await signedIn(laptop!)].filter(Boolean),
    ).toHaveLength(2);
    expect(await signedIn(here!)).toBe(true);

    const stranger = await sessionCookieFor(t, await t.createUser());
    const refused = await outcome(() =>
      security.action(
        args(
          post("/settings/security", stranger, { intent: "signout-session", session: sessions[2]!.handle }),
        ),
      ),
    );
    expect(refused.status).toBe(404);
    expect((refused.body as { error: Record<string, string[]> }).error[""]).toEqual([messages.sessionGone]);
  });
});
