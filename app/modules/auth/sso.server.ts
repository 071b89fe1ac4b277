/**
 * Single sign-on (docs/product.md §7 'Single sign-on'): the authorization-code flow with PKCE, state and nonce,
 * by openid-client, which also reads the issuer's discovery document and validates the ID token (signature,
 * issuer, audience, expiry, nonce). GitHub speaks OAuth2 without ID tokens: its endpoints are fixed and the
 * account's address comes from its API, with GitHub's own 'verified' flag.
 *
 * What a provider account may do here: one already linked signs in as its user; a new one links to the account
 * with its address, or creates one, only when the provider says the address is confirmed — else whoever
 * controls a provider account could claim anyone's account by typing their address there.
 */
import * as oidc from "openid-client";
import type { Db } from "#db/database";
import { nowIso, type User } from "#db/schema";
import { insertWithNewId } from "#db/new-row";
import { findSsoProvider, type SsoProviderConfig } from "#db/sso-providers";
import { readSigninSettings } from "#db/system-settings";
import { recordAudit } from "../admin/audit.server";
import { messages, ssoTexts } from "../texts/catalogue";
import { Refusal } from "../errors/refusal";
import { takeSsoStep } from "./rate-limit.server";
import { createUser, findUserByEmail, normaliseEmail, rolesOf } from "./users.server";

/** Why a single sign-on was refused: the audit log's word, and the catalogue text /signin shows. */
const REFUSALS = {
  state: () => ssoTexts.badState,
  denied: () => ssoTexts.denied,
  code: () => ssoTexts.codeUsed,
  unreachable: () => ssoTexts.providerDown,
  "invalid-answer": () => ssoTexts.providerError,
  "no-email": () => ssoTexts.noEmail,
  "email-not-verified": () => ssoTexts.emailNotVerified,
  domain: () => ssoTexts.domainNotAllowed,
  "unknown-provider": () => ssoTexts.unknownProvider,
  banned: () => messages.accountBanned,
  "rate-limit": () => messages.tooManyAttempts,
} as const;
export type SsoRefusal = keyof typeof REFUSALS;

/** A refused single sign-on: the text /signin shows, and the status the answer carries. */
export class SsoError extends Refusal<400 | 403 | 404 | 429 | 502> {
  constructor(
    readonly reason: SsoRefusal,
    status: 400 | 403 | 404 | 429 | 502,
    options?: { cause: unknown },
  ) {
    super(REFUSALS[reason](), status);
    if (options) this.cause = options.cause;
  }
}

/** What the browser keeps, signed, between the start and the provider's answer (routes-support/sso.server.ts). */
export interface PendingSignin {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectTo: string;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export const GITHUB_ENDPOINTS = {
  issuer: "https://github.com",
  authorization_endpoint: "https://github.com/login/oauth/authorize",
  token_endpoint: "https://github.com/login/oauth/access_token",
};
const GITHUB_API = "https://api.github.com";

/** How long a provider may take to answer one request before it counts as down. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** http:// is for a provider on this machine (a test or a developer's); anything else must be https://. */
export function isAllowedIssuer(url: URL) {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname));
}

const isLoopback = (hostname: string) =>
  hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

const providerDown = (cause: unknown) => new SsoError("unreachable", 502, { cause });

/** The provider's endpoints: GitHub's fixed ones, or an OpenID provider's discovery document. */
export async function providerConfiguration(provider: SsoProviderConfig): Promise<oidc.Configuration> {
  if (provider.kind === "github") {
    const config = new oidc.Configuration(GITHUB_ENDPOINTS, provider.clientId, provider.clientSecret);
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    return config;
  }
  const issuer = new URL(provider.issuerUrl);
  try {
    return await oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      execute: issuer.protocol === "http:" && isAllowedIssuer(issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
  } catch (error) {
    throw providerDown(error);
  }
}

async function knownProvider(db: Db, slug: string, appSecret: string) {
  const provider = await findSsoProvider(db, slug, appSecret);
  if (!provider) throw new SsoError("unknown-provider", 404);
  return provider;
}

async function takeStep(ip: string) {
  if (!(await takeSsoStep(ip))) throw new SsoError("rate-limit", 429);
}

/** Where the provider is to send the browser back. */
export const callbackUrl = (publicUrl: string, slug: string) => `${publicUrl}/auth/${slug}/callback`;

/** The provider's sign-in page to send the browser to, and what the browser must bring back. */
export async function startSignin(
  db: Db,
  { slug, redirectTo, publicUrl, appSecret, ip }: StartInput,
): Promise<{ url: URL; pending: PendingSignin }> {
  await takeStep(ip);
  const provider = await knownProvider(db, slug, appSecret);
  const config = await providerConfiguration(provider);
  const pending: PendingSignin = {
    provider: slug,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    redirectTo,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(publicUrl, slug),
    scope: provider.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
    state: pending.state,
    ...(provider.kind === "oidc" ? { nonce: pending.nonce } : {}),
  });
  return { url, pending };
}

interface StartInput {
  slug: string;
  redirectTo: string;
  publicUrl: string;
  appSecret: string;
  ip: string;
}

interface FinishInput {
  slug: string;
  /** The callback's URL as the provider sent it, with its query. */
  currentUrl: URL;
  /** Null when the browser brought no (valid, unexpired) cookie from the start. */
  pending: PendingSignin | null;
  appSecret: string;
  ip: string;
}

/** The provider's answer: checks it and signs the account in (creating or linking it), or says why not. */
export async function finishSignin(
  db: Db,
  { slug, currentUrl, pending, appSecret, ip }: FinishInput,
): Promise<{ user: User; created: boolean }> {
  await takeStep(ip);
  const provider = await knownProvider(db, slug, appSecret);
  try {
    const state = currentUrl.searchParams.get("state");
    // Checked before anything reaches the provider: an answer to a sign-in this browser did not start is
    // someone else's (a forged or replayed callback).
    if (!pending || pending.provider !== slug || !state || state !== pending.state)
      throw new SsoError("state", 400);
    const identity = await identityFromAnswer(provider, currentUrl, pending).catch((error: unknown) => {
      throw toSsoError(error);
    });
    return await signinAs(db, provider, identity, ip);
  } catch (error) {
    if (error instanceof SsoError)
      await recordAudit(db, {
        actorUserId: null,
        action: "sso.failure",
        targetType: "sso-provider",
        targetId: slug,
        details: { reason: error.reason },
        ip,
      });
    throw error;
  }
}

/** The library's errors, mapped once to what the visitor reads. */
function toSsoError(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  if (error instanceof oidc.AuthorizationResponseError)
    return new SsoError(error.error === "access_denied" ? "denied" : "invalid-answer", 403);
  // The token endpoint refuses a code it already exchanged (or one that expired): RFC 6749 §5.2.
  if (error instanceof oidc.ResponseBodyError && error.error === "invalid_grant")
    return new SsoError("code", 400);
  if (error instanceof TypeError || (error instanceof Error && error.name === "TimeoutError"))
    return providerDown(error);
  return new SsoError("invalid-answer", 502, { cause: error });
}

async function identityFromAnswer(
  provider: SsoProviderConfig,
  currentUrl: URL,
  pending: PendingSignin,
): Promise<ProviderIdentity> {
  const config = await providerConfiguration(provider);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    ...(provider.kind === "oidc" ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
  });
  if (provider.kind === "github") return githubIdentity(tokens.access_token);
  const claims = tokens.claims()!;
  // Some providers put the address only in the userinfo answer.
  const info = claims.email
    ? claims
    : { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  return {
    subject: claims.sub,
    email: typeof info.email === "string" ? info.email : null,
    emailVerified: info.email_verified === true,
    name: typeof info.name === "string" ? info.name : null,
  };
}

/** What GitHub's API answers, as far as sign-in reads it. */
interface GithubUser {
  id: number;
  login: string;
  name: string | null;
}
interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * A GitHub account: its numeric id (a login can be renamed and reused), and its primary address with GitHub's
 * own `verified` flag (from /user/emails: /user's address is whatever the profile shows, never said to be proved).
 */
export async function githubIdentity(
  accessToken: string,
  api = GITHUB_API,
  fetchApi: typeof fetch = fetch,
): Promise<ProviderIdentity> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetchApi(`${api}${path}`, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/vnd.github+json",
        "User-Agent": "rogue-ai",
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
    });
    if (!response.ok) throw new SsoError("invalid-answer", 502);
    return (await response.json()) as T;
  };
  const [user, emails] = await Promise.all([get<GithubUser>("/user"), get<GithubEmail[]>("/user/emails")]);
  const primary = emails.find((entry) => entry.primary) ?? null;
  return {
    subject: String(user.id),
    email: primary?.email ?? null,
    emailVerified: primary?.verified === true,
    name: user.name ?? user.login,
  };
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/** The account rules above; every outcome is audited. */
export async function signinAs(
  db: Db,
  provider: Pick<SsoProviderConfig, "id" | "slug">,
  identity: ProviderIdentity,
  ip: string,
): Promise<{ user: User; created: boolean }> {
  const audit = (action: "sso.signin" | "sso.link" | "sso.signup", user: User) =>
    recordAudit(db, {
      actorUserId: user.id,
      action,
      targetType: "user",
      targetId: user.id,
      details: { provider: provider.slug },
      ip,
    });
  const linked = await db
    .selectFrom("user_identities")
    .innerJoin("users", "users.id", "user_identities.user_id")
    .selectAll("users")
    .where("user_identities.provider_id", "=", provider.id)
    .where("user_identities.subject", "=", identity.subject)
    .executeTakeFirst();
  if (linked) {
    await refuseBanned(db, linked);
    await audit("sso.signin", linked);
    return { user: linked, created: false };
  }
  if (!identity.email) throw new SsoError("no-email", 403);
  if (!identity.emailVerified) throw new SsoError("email-not-verified", 403);
  const email = normaliseEmail(identity.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await refuseBanned(db, existing);
    await link(db, provider.id, existing, identity.subject, email);
    await audit("sso.link", existing);
    return { user: existing, created: false };
  }
  const { ssoSignupDomains } = await readSigninSettings(db);
  if (ssoSignupDomains.length > 0 && !ssoSignupDomains.includes(domainOf(email)))
    throw new SsoError("domain", 403);
  const user = await createUser(db, {
    email,
    name: identity.name?.trim() || email.slice(0, email.indexOf("@")),
    password: null,
    emailVerified: true,
  });
  await link(db, provider.id, user, identity.subject, email);
  await audit("sso.signup", user);
  return { user, created: true };
}

async function refuseBanned(db: Db, user: User) {
  if ((await rolesOf(db, user.id)).includes("banned")) throw new SsoError("banned", 403);
}

function link(db: Db, providerId: string, user: User, subject: string, email: string) {
  return insertWithNewId(db, "user_identities", {
    user_id: user.id,
    provider_id: providerId,
    subject,
    email,
    created_at: nowIso(),
  });
}
