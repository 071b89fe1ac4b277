/**
 * Single sign-on's rules on the server (docs/product.md §7 'Single sign-on'): the console's provider and
 * sign-in settings forms (bad input refused with the catalogue's text, nothing stored), the sign-up domain
 * allow-list, password sign-in turned off (and the guard that keeps an operator from locking everyone out),
 * and GitHub's account mapping. The whole browser flow against a real provider is tests/e2e/sso.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v7 as uuidv7 } from "uuid";
import { findSsoProvider, insertSsoProvider } from "#db/sso-providers";
import { readSigninSettings } from "#db/system-settings";
import { nowIso } from "#db/schema";
import { githubIdentity, signinAs, SsoError, startSignin } from "~/modules/auth/sso.server";
import { ssoTexts } from "~/modules/texts/catalogue";
import { startTestOidcProvider, TEST_CLIENT, type TestOidcProvider } from "../support/oidc-provider";
import { args, get, outcome, post, visitorWith, type Visitor } from "../support/route-calls";
import { importAfterEnv, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();
const routes = importAfterEnv(async () => ({
  admin: await import("~/routes/admin.sso"),
  signin: await import("~/routes/_public.signin"),
  signup: await import("~/routes/_public.signup"),
}));

let idp: TestOidcProvider;
beforeAll(async () => {
  idp = await startTestOidcProvider([]);
});
afterAll(() => idp.close());

const postSso = (admin: Visitor, form: Record<string, string>) =>
  outcome(() => routes.admin.action(args(post("/admin/sso", admin, form))));

/** What the refused form says: its form errors and field errors together. */
const errorsOf = (body: unknown) => {
  const { error } = (body as { result: { error: Record<string, string[] | null> } }).result;
  return Object.values(error).flatMap((messages) => messages ?? []);
};

async function providerRow(slug: string) {
  const id = await insertSsoProvider(
    t.db,
    {
      slug,
      kind: "oidc",
      displayName: slug,
      issuerUrl: idp.issuer,
      clientId: TEST_CLIENT.id,
      clientSecret: TEST_CLIENT.secret,
      scopes: "openid email",
    },
    t.env.appSecret,
  );
  return { id, slug };
}

const verified = (email: string, subject = uuidv7()) => ({
  subject,
  email,
  emailVerified: true,
  name: "Casey",
});

const setSettings = (admin: Visitor, passwordSignin: "on" | "off", ssoSignupDomains = "") =>
  postSso(admin, { intent: "signin-settings", passwordSignin, ssoSignupDomains });

describe("the console's single sign-on forms", () => {
  it("adds a provider whose discovery document answers, with its client secret sealed, and removes it", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const added = await postSso(admin, {
      intent: "add-provider",
      preset: "oidc",
      displayName: "Acme Login",
      issuerUrl: idp.issuer,
      clientId: "acme",
      clientSecret: "acme-secret-value",
      scopes: "",
    });
    expect(added.status).toBe(302);
    const row = await t.db
      .selectFrom("sso_providers")
      .selectAll()
      .where("slug", "=", "acme-login")
      .executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).not.toContain("acme-secret-value");
    expect(row.scopes).toBe("openid email profile");
    expect((await findSsoProvider(t.db, "acme-login", t.env.appSecret))?.clientSecret).toBe(
      "acme-secret-value",
    );
    const screen = await outcome(() => routes.admin.loader(args(get("/admin/sso", admin))));
    expect(JSON.stringify(screen.body)).not.toContain("acme-secret-value");

    const removed = await postSso(admin, { intent: "remove-provider", providerId: row.id });
    expect(removed.status).toBe(302);
    expect(await findSsoProvider(t.db, "acme-login", t.env.appSecret)).toBeNull();
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", "acme-login")
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["sso.provider-create", "sso.provider-delete"]);
  });

  it.each([
    [
      "no client id",
      { preset: "oidc", issuerUrl: "https://id.example.com", clientId: "", clientSecret: "s" },
      ssoTexts.clientIdRequired,
    ],
    [
      "no client secret",
      { preset: "google", clientId: "c", clientSecret: "" },
      ssoTexts.clientSecretRequired,
    ],
    ["no issuer", { preset: "oidc", clientId: "c", clientSecret: "s" }, ssoTexts.issuerRequired],
    [
      "an http issuer elsewhere",
      { preset: "oidc", issuerUrl: "http://id.example.com", clientId: "c", clientSecret: "s" },
      ssoTexts.issuerNotAllowed,
    ],
    [
      "an issuer that does not answer",
      { preset: "oidc", issuerUrl: "http://127.0.0.1:9", clientId: "c", clientSecret: "s" },
      ssoTexts.issuerUnreachable,
    ],
  ])("refuses a provider with %s, storing nothing", async (_case, form, message) => {
    const admin = await visitorWith(t, ["admin"]);
    const before = await t.db.selectFrom("sso_providers").select("id").execute();
    const refused = await postSso(admin, { intent: "add-provider", displayName: "Bad One", ...form });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toContain(message);
    expect(await t.db.selectFrom("sso_providers").select("id").execute()).toEqual(before);
  });

  it("refuses sign-up domains that are not domains", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const refused = await setSettings(admin, "on", "example.com, not a domain");
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toContain(ssoTexts.domainInvalid);
    expect((await readSigninSettings(t.db)).ssoSignupDomains).toEqual([]);
  });
});

describe("who a provider account signs in as", () => {
  it("creates accounts only for the listed domains; an existing account of any domain still links", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const provider = await providerRow(`domains-${uuidv7().slice(-6)}`);
    expect((await setSettings(admin, "on", "Allowed.example, second.example")).status).toBe(302);
    expect((await readSigninSettings(t.db)).ssoSignupDomains).toEqual(["allowed.example", "second.example"]);

    const outsider = `x-${uuidv7()}@elsewhere.example`;
    await expect(signinAs(t.db, provider, verified(outsider), "127.0.0.1")).rejects.toThrow(
      new SsoError("domain", 403),
    );
    expect(
      await t.db.selectFrom("users").select("id").where("email", "=", outsider).executeTakeFirst(),
    ).toBeUndefined();

    const insider = `y-${uuidv7()}@allowed.example`;
    const created = await signinAs(t.db, provider, verified(insider), "127.0.0.1");
    expect(created).toMatchObject({ created: true, user: { email: insider, password_hash: null } });
    expect(created.user.email_verified_at).not.toBeNull();

    const existingId = await t.createUser();
    const existing = await t.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", existingId)
      .executeTakeFirstOrThrow();
    const linked = await signinAs(t.db, provider, verified(existing.email), "127.0.0.1");
    expect(linked).toMatchObject({ created: false, user: { id: existingId } });
    expect((await setSettings(admin, "on", "")).status).toBe(302);
  });

  it("never links or creates for an address the provider has not confirmed, nor without an address", async () => {
    const provider = await providerRow(`unverified-${uuidv7().slice(-6)}`);
    const userId = await t.createUser();
    const { email } = await t.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    await expect(
      signinAs(t.db, provider, { ...verified(email), emailVerified: false }, "127.0.0.1"),
    ).rejects.toThrow(ssoTexts.emailNotVerified);
    await expect(signinAs(t.db, provider, { ...verified(email), email: null }, "127.0.0.1")).rejects.toThrow(
      ssoTexts.noEmail,
    );
    expect(
      await t.db.selectFrom("user_identities").select("id").where("user_id", "=", userId).execute(),
    ).toEqual([]);
  });
});

describe("password sign-in turned off", () => {
  it("is refused while the admin has not signed in through a working provider, then allowed; passwords are then refused", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const refused = await setSettings(admin, "off");
    expect(refused.status).toBe(409);
    expect(errorsOf(refused.body)).toContain(ssoTexts.passwordOffRefused);
    expect((await readSigninSettings(t.db)).passwordSignin).toBe(true);

    const provider = await providerRow(`working-${uuidv7().slice(-6)}`);
    await t.db
      .insertInto("user_identities")
      .values({
        id: uuidv7(),
        user_id: admin.userId,
        provider_id: provider.id,
        subject: "admin-subject",
        email: "admin@example.com",
        created_at: nowIso(),
      })
      .execute();
    expect((await setSettings(admin, "off")).status).toBe(302);

    const page = await outcome(() => routes.signin.loader(args(get("/signin"))));
    expect(page.body).toMatchObject({ passwordSignin: false });
    expect((page.body as { providers: { slug: string }[] }).providers).toContainEqual(
      expect.objectContaining({ slug: provider.slug }),
    );
    const signin = await outcome(() =>
      routes.signin.action(
        args(post("/signin", null, { email: "someone@example.com", password: "any-password-1" })),
      ),
    );
    expect(signin.status).toBe(403);
    expect(errorsOf({ result: signin.body })).toContain(ssoTexts.passwordSigninOff);
    const signup = await outcome(() =>
      routes.signup.action(
        args(
          post("/signup", null, {
            name: "New",
            email: `new-${uuidv7()}@example.com`,
            password: "violet-harbour-71-lantern",
          }),
        ),
      ),
    );
    expect(signup.status).toBe(403);
    expect(errorsOf({ result: signup.body })).toContain(ssoTexts.passwordSigninOff);

    expect((await setSettings(admin, "on")).status).toBe(302);
    expect((await readSigninSettings(t.db)).passwordSignin).toBe(true);
  });
});

describe("single sign-on steps per client IP", () => {
  it("allows SSO_ATTEMPTS_PER_IP starts per 15 minutes, then refuses with the catalogue's text before asking the provider", async () => {
    const provider = await providerRow(`limited-${uuidv7().slice(-6)}`);
    const start = () =>
      startSignin(t.db, {
        slug: provider.slug,
        redirectTo: "/chat",
        publicUrl: "http://localhost",
        appSecret: t.env.appSecret,
        ip: "198.51.100.7",
      });
    for (let step = 0; step < 60; step++) {
      const { url, pending } = await start();
      expect(url.searchParams.get("state")).toBe(pending.state);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("nonce")).toBe(pending.nonce);
    }
    await expect(start()).rejects.toThrow(new SsoError("rate-limit", 429));
  });
});

describe("GitHub, which speaks OAuth2 without ID tokens", () => {
  /** A stand-in for api.github.com: /user and /user/emails for one token. */
  const fakeGithub =
    (emails: { email: string; primary: boolean; verified: boolean }[]): typeof fetch =>
    async (input, init) => {
      const url = new URL(String(input));
      expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer gho_token");
      const body =
        url.pathname === "/user"
          ? { id: 4242, login: "octo", name: null }
          : url.pathname === "/user/emails"
            ? emails
            : null;
      return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
    };

  it("takes the numeric id as the subject and the primary address with GitHub's own verified flag", async () => {
    const identity = await githubIdentity(
      "gho_token",
      "https://api.github.test",
      fakeGithub([
        { email: "old@example.com", primary: false, verified: true },
        { email: "octo@example.com", primary: true, verified: true },
      ]),
    );
    expect(identity).toEqual({
      subject: "4242",
      email: "octo@example.com",
      emailVerified: true,
      name: "octo",
    });
  });

  it("reports a primary address GitHub has not verified as unverified", async () => {
    const identity = await githubIdentity(
      "gho_token",
      "https://api.github.test",
      fakeGithub([{ email: "octo@example.com", primary: true, verified: false }]),
    );
    expect(identity.emailVerified).toBe(false);
  });
});
