/**
 * Two-factor sign-in through the routes, with real Redis limits (docs/product.md §8): set up from the key the
 * page shows, a second step after the password that makes no session until a code is right, each code and
 * recovery code taken once, wrong codes refused with the catalogue's text and limited, and every step audited.
 */
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { insertUser } from "../support/rows";
import { messages, twoFactorTexts } from "~/modules/texts/catalogue";
import { readSystemSettings, SETTING_KEYS, writeSetting } from "#db/system-settings";
import {
  args,
  BASE,
  get,
  outcome,
  post,
  sessionCookieFor,
  visitorWith,
  type Visitor,
} from "../support/route-calls";
import { importAfterEnv, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
const security = importAfterEnv(() => import("~/routes/settings_.security"));
const signin = importAfterEnv(() => import("~/routes/_public.signin"));
const secondStep = importAfterEnv(() => import("~/routes/_public.signin_.two-factor"));
const limits = importAfterEnv(() => import("~/modules/auth/rate-limit.server"));
const adminUser = importAfterEnv(() => import("~/routes/admin.users.$userId"));
const adminSettings = importAfterEnv(() => import("~/routes/admin.settings"));

const PASSWORD = "violet-harbour-71-lantern";
const STEP_MS = 30_000;

/** The code an authenticator app holding `secret` (as the page shows it, spaced) shows at `at`. */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")) }).generate({ timestamp: at });

/** A six-digit code the app holding `secret` shows in no step near now. */
function wrongCode(secret: string) {
  const near = [-1, 0, 1].map((steps) => codeAt(secret, Date.now() + steps * STEP_MS));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.includes(code))!;
}

async function userWithPassword() {
  const userId = await insertUser(t.db, { password: PASSWORD });
  return { userId, email: `${userId}@example.test`, visitor: await sessionCookieFor(t, userId) };
}

const onSecurityPage = (visitor: Visitor, form: Record<string, string>) =>
  outcome(() => security.action(args(post("/settings/security", visitor, form))));

async function securityPage(visitor: Visitor) {
  const page = await outcome(() => security.loader(args(get("/settings/security", visitor))));
  return (
    page.body as {
      twoFactor: {
        enabledAt: string | null;
        recoveryCodesLeft: number;
        enrolment: { secret: string; qrCode: string } | null;
      };
    }
  ).twoFactor;
}

/** Sets up 2FA as the page leads a user through it; returns the key shown, the first code's time and the codes. */
async function enrol(visitor: Visitor) {
  expect((await onSecurityPage(visitor, { intent: "two-factor-start" })).status).toBe(302);
  const { enrolment } = await securityPage(visitor);
  const now = Date.now();
  const confirmed = await onSecurityPage(visitor, {
    intent: "two-factor-confirm",
    code: codeAt(enrolment!.secret, now),
  });
  expect(confirmed.status).toBe(200);
  return {
    secret: enrolment!.secret,
    firstCodeAt: now,
    recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes,
  };
}

const cookieOf = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(";")[0];

const sessionCount = async (userId: string) =>
  Number(
    (
      await t.db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const auditActions = async (userId: string) =>
  (
    await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", userId)
      .orderBy("id")
      .execute()
  ).map((row) => row.action);

/** Signs in with the password from a fresh IP; returns the pending step's cookie. */
async function passwordStep(email: string, redirectTo = "/chat") {
  const clientIp = `10.${randomBytes(3).join(".")}`;
  const answer = await outcome(() =>
    signin.action({
      request: post("/signin", null, { email, password: PASSWORD, redirectTo }),
      context: { clientIp },
      params: {},
    }),
  );
  expect(answer.status).toBe(302);
  return { answer, pending: cookieOf(answer.headers, "rogue_two_factor") };
}

const sendCode = (pending: string | undefined, code: string) =>
  outcome(() =>
    secondStep.action({
      request: new Request(`${BASE}/signin/two-factor`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(pending ? { Cookie: pending } : {}),
        },
        body: new URLSearchParams({ code }),
      }),
      context: { clientIp: "127.0.0.1" },
      params: {},
    }),
  );

const formError = (answer: { body: unknown }) => (answer.body as { error: Record<string, string[]> }).error;

describe("two-factor sign-in", () => {
  it("is set up with a code from the key shown: the secret is stored encrypted, the ten recovery codes as hashes", async () => {
    const { userId, visitor } = await userWithPassword();
    expect(await securityPage(visitor)).toEqual({ enabledAt: null, recoveryCodesLeft: 0, enrolment: null });
    await onSecurityPage(visitor, { intent: "two-factor-start" });
    const { enrolment } = await securityPage(visitor);
    expect(enrolment!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = enrolment!.secret.replace(/\s/g, "");
    const stored = await t.db
      .selectFrom("user_totp")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    expect(stored.enabled_at).toBeNull();

    const wrong = await onSecurityPage(visitor, { intent: "two-factor-confirm", code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(formError(wrong).code).toEqual([twoFactorTexts.codeWrong]);
    expect((await securityPage(visitor)).enabledAt).toBeNull();

    const confirmed = await onSecurityPage(visitor, {
      intent: "two-factor-confirm",
      code: codeAt(secret, Date.now()),
    });
    const { recoveryCodes } = confirmed.body as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const hashes = await t.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", userId)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(hashes)).not.toContain(code.replace("-", ""));
    expect(await securityPage(visitor)).toMatchObject({ recoveryCodesLeft: 10, enrolment: null });
    expect(await auditActions(userId)).toContain("two-factor.enable");
  });

  it("asks for a code after the password, makes the session only then, and refuses a code already used", async () => {
    const { userId, email, visitor } = await userWithPassword();
    const { secret, firstCodeAt } = await enrol(visitor);
    const before = await sessionCount(userId);

    const { answer, pending } = await passwordStep(email, "/chat/search");
    expect(answer.headers.get("Location")).toBe("/signin/two-factor");
    expect(pending).toBeDefined();
    expect(cookieOf(answer.headers, "rogue_session")).toBeUndefined();
    expect(await sessionCount(userId)).toBe(before);

    // The set-up took this step's code: it cannot be used again, even to sign in.
    const reused = await sendCode(pending, codeAt(secret, firstCodeAt));
    expect(reused.status).toBe(401);
    expect(formError(reused)[""]).toEqual([twoFactorTexts.codeReused]);
    expect(await sessionCount(userId)).toBe(before);

    const signedIn = await sendCode(pending, codeAt(secret, firstCodeAt + STEP_MS));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/chat/search");
    expect(cookieOf(signedIn.headers, "rogue_session")).toBeDefined();
    expect(cookieOf(signedIn.headers, "rogue_two_factor")).toBe("rogue_two_factor=");
    expect(await sessionCount(userId)).toBe(before + 1);
  });

  it("signs in once with a recovery code, however it is typed; the same code then no longer works", async () => {
    const { userId, email, visitor } = await userWithPassword();
    const { recoveryCodes } = await enrol(visitor);
    const [code] = recoveryCodes;
    const { pending } = await passwordStep(email);
    expect((await sendCode(pending, ` ${code!.toUpperCase().replace("-", " ")} `)).status).toBe(302);
    expect(await auditActions(userId)).toContain("two-factor.recovery-code-used");
    expect((await securityPage(visitor)).recoveryCodesLeft).toBe(9);

    const again = await passwordStep(email);
    const refused = await sendCode(again.pending, code!);
    expect(refused.status).toBe(401);
    expect(formError(refused)[""]).toEqual([twoFactorTexts.codeWrong]);
  });

  it.each([
    ["a wrong code", (_other: string, own: string) => wrongCode(own)],
    ["another account's code", (other: string) => codeAt(other, Date.now())],
    ["text that is no code", () => "letmein"],
  ])("refuses %s with the catalogue's text, making no session, and audits it", async (_, code) => {
    const { userId, email, visitor } = await userWithPassword();
    const { secret } = await enrol(visitor);
    const other = await enrol((await userWithPassword()).visitor);
    const sent = code(other.secret, secret);
    // The one case in a million where the other account's code is also this one's: nothing to prove then.
    if (sent === codeAt(secret, Date.now())) return;
    const before = await sessionCount(userId);
    const { pending } = await passwordStep(email);
    const refused = await sendCode(pending, sent);
    expect(refused.status).toBe(401);
    expect(formError(refused)[""]).toEqual([twoFactorTexts.codeWrong]);
    expect(await sessionCount(userId)).toBe(before);
    expect(await auditActions(userId)).toContain("two-factor.failure");
  });

  it("refuses an empty code with the catalogue's text", async () => {
    const { email, visitor } = await userWithPassword();
    await enrol(visitor);
    const { pending } = await passwordStep(email);
    const refused = await sendCode(pending, "");
    expect(refused.status).toBe(400);
    expect(formError(refused).code).toEqual([twoFactorTexts.codeRequired]);
  });

  it("stops checking codes after five wrong ones, even a right one", async () => {
    const { email, visitor } = await userWithPassword();
    const { secret, firstCodeAt } = await enrol(visitor);
    const { pending } = await passwordStep(email);
    for (let i = 0; i < limits.MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await sendCode(pending, "letmein")).status).toBe(401);
    const limited = await sendCode(pending, codeAt(secret, firstCodeAt + STEP_MS));
    expect(limited.status).toBe(429);
    expect(formError(limited)[""]).toEqual([twoFactorTexts.tooManyAttempts]);
  });

  it("sends a visitor without a password step, or with a forged one, back to sign in", async () => {
    const { userId } = await userWithPassword();
    const forged = `rogue_two_factor=${Buffer.from(JSON.stringify({ userId, redirectTo: "/chat", expiresAt: Date.now() + 60_000 })).toString("base64")}`;
    for (const cookie of [undefined, forged]) {
      const page = await outcome(() =>
        secondStep.loader(
          args(new Request(`${BASE}/signin/two-factor`, { headers: cookie ? { Cookie: cookie } : {} })),
        ),
      );
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/signin");
      expect((await sendCode(cookie, "123456")).status).toBe(302);
    }
  });

  it("makes new recovery codes that void the old ones, and turns 2FA off only with the password", async () => {
    const { userId, email, visitor } = await userWithPassword();
    const { recoveryCodes: old } = await enrol(visitor);
    const wrongPassword = await onSecurityPage(visitor, {
      intent: "recovery-codes",
      password: "not-my-password",
    });
    expect(wrongPassword.status).toBe(401);
    expect(formError(wrongPassword).password).toEqual([messages.currentPasswordWrong]);

    const renewed = await onSecurityPage(visitor, { intent: "recovery-codes", password: PASSWORD });
    const fresh = (renewed.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const { pending } = await passwordStep(email);
    expect((await sendCode(pending, old[0]!)).status).toBe(401);
    expect((await sendCode(pending, fresh[0]!)).status).toBe(302);

    const refused = await onSecurityPage(visitor, {
      intent: "two-factor-disable",
      password: "not-my-password",
    });
    expect(refused.status).toBe(401);
    expect((await securityPage(visitor)).enabledAt).not.toBeNull();
    expect((await onSecurityPage(visitor, { intent: "two-factor-disable", password: PASSWORD })).status).toBe(
      302,
    );
    expect(await securityPage(visitor)).toEqual({ enabledAt: null, recoveryCodesLeft: 0, enrolment: null });
    const direct = await passwordStep(email);
    expect(direct.answer.headers.get("Location")).toBe("/chat");
    expect(cookieOf(direct.answer.headers, "rogue_session")).toBeDefined();
    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining(["two-factor.enable", "two-factor.recovery-codes", "two-factor.disable"]),
    );
  });
});

describe("two-factor sign-in in the admin console", () => {
  const resetBy = (admin: Visitor, userId: string) =>
    outcome(() =>
      adminUser.action(
        args(
          post(`/admin/users/${userId}`, admin, {
            intent: "reset-two-factor",
            redirectTo: `/admin/users/${userId}`,
          }),
          { userId },
        ),
      ),
    );

  it("an admin resets a user's 2FA, which is audited; the user then signs in with the password alone", async () => {
    const { userId, email, visitor } = await userWithPassword();
    await enrol(visitor);
    const admin = await visitorWith(t, ["admin"]);
    const page = await outcome(() =>
      adminUser.loader(args(get(`/admin/users/${userId}`, admin), { userId })),
    );
    expect((page.body as { twoFactorSince: string | null }).twoFactorSince).not.toBeNull();

    expect((await resetBy(admin, userId)).status).toBe(302);
    expect(await securityPage(visitor)).toEqual({ enabledAt: null, recoveryCodesLeft: 0, enrolment: null });
    const codes = await t.db
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(codes).toEqual([]);
    const audited = await t.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "target_id"])
      .where("action", "=", "two-factor.reset")
      .where("target_id", "=", userId)
      .execute();
    expect(audited).toEqual([{ actor_user_id: admin.userId, target_id: userId }]);
    const direct = await passwordStep(email);
    expect(direct.answer.headers.get("Location")).toBe("/chat");

    const again = await resetBy(admin, userId);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(twoFactorTexts.resetNothing(email));
  });

  it("a user who is no admin cannot reset anyone's 2FA", async () => {
    const { userId, visitor } = await userWithPassword();
    await enrol(visitor);
    const stranger = await visitorWith(t);
    expect((await resetBy(stranger, userId)).status).toBe(302);
    expect((await securityPage(visitor)).enabledAt).not.toBeNull();
  });

  it("with 'require two-factor sign-in for admins' saved, an admin without it is sent to set it up first", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const console = () => outcome(() => adminSettings.loader(args(get("/admin/settings", admin))));
    const opened = await console();
    expect(opened.status).toBe(200);
    const { settings, vendors } = opened.body as {
      settings: Record<string, string | number | null>;
      vendors: { id: number }[];
    };
    const form = {
      activeVendorId: String(settings.activeVendorId ?? vendors[0]!.id),
      defaultModel: String(settings.defaultModel),
      defaultSystemPrompt: String(settings.defaultSystemPrompt),
      starterDailyReplies: String(settings.starterDailyReplies),
      starterHistoryHours: String(settings.starterHistoryHours),
    };
    const save = (extra: Record<string, string>) =>
      outcome(() => adminSettings.action(args(post("/admin/settings", admin, { ...form, ...extra }))));
    try {
      expect((await save({ requireAdminTwoFactor: "on" })).status).toBe(302);
      expect((await readSystemSettings(t.db)).requireAdminTwoFactor).toBe(true);

      const sent = await console();
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe("/settings/security");
      await enrol(admin);
      expect((await console()).status).toBe(200);

      expect((await save({})).status).toBe(302);
      expect((await readSystemSettings(t.db)).requireAdminTwoFactor).toBe(false);
    } finally {
      await writeSetting(t.db, SETTING_KEYS.requireAdminTwoFactor, "false");
    }
  });
});
