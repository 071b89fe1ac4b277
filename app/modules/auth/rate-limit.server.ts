/**
 * Attempt limits, counted in Redis so every web process shares them.
 * - Sign-in: each attempt takes a point from its account *from that client IP* (5 per 15 minutes) and from
 *   its client IP (SIGNIN_FAILURES_PER_IP, 20 by default) *before* the password is checked,
 *   in one atomic step per key, so parallel attempts can never verify more passwords than the limit allows.
 *   The account's count is per source so that a stranger's wrong guesses never lock its owner out.
 *   A success hands the points back (clears the account's count from that IP).
 * - Sign-up and demo creation: a number per client IP per hour (SIGNUPS_PER_HOUR, DEMOS_PER_HOUR).
 * - Password-reset mail: RESET_REQUESTS_PER_HOUR per e-mail address (known or not, so the limit tells nothing
 *   about accounts) and PASSWORD_RESETS_PER_HOUR per client IP; a confirmation mail again:
 *   VERIFICATION_MAILS_PER_HOUR per account. Each keeps a mailbox from being flooded through the app.
 * - Two-factor sign-in: every check of a code or recovery code, and of the password that turns 2FA off or renews
 *   the recovery codes, takes a point from the account (MAX_FAILURES_PER_ACCOUNT per 15 minutes, from any
 *   source: whoever reaches this step already has the password, and a six-digit code must not be guessable by
 *   changing IP). A success hands the points back.
 * - Checking a user's own vendor key: KEY_CHECKS_PER_HOUR per user, else the check would tell anyone with an
 *   account, as fast as the vendor answers, whether a guessed or stolen key is valid.
 * - Single sign-on: SSO_ATTEMPTS_PER_IP starts and provider answers per client IP per 15 minutes, so nobody
 *   can make the app hammer an identity provider (each answer costs a call to its token endpoint).
 */
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { readyRedis, redisUnavailable, serverContext } from "../server-context.server";
import { webLogger } from "~/utils/logger.server";
import { webEnv } from "~/utils/env.server";

const WINDOW_SECONDS = 15 * 60;
const HOUR_SECONDS = 60 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const KEY_CHECKS_PER_HOUR = 10;
export const RESET_REQUESTS_PER_HOUR = 3;
export const VERIFICATION_MAILS_PER_HOUR = 3;

type LimiterName =
  | "signin-account"
  | "signin-ip"
  | "signup-ip"
  | "demo-ip"
  | "key-check-user"
  | "reset-email"
  | "reset-ip"
  | "verification-user"
  | "two-factor-user"
  | "sso-ip";
let limiters: Record<LimiterName, RateLimiterRedis> | undefined;

function limiter(name: LimiterName): RateLimiterRedis {
  if (!limiters) {
    const env = webEnv();
    const make = (suffix: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: serverContext().redis,
        // Namespaced like the queue, so deployments or test runs sharing a Redis keep separate counts.
        keyPrefix: `${env.queuePrefix}:${suffix}`,
        points,
        duration,
      });
    limiters = {
      "signin-account": make("signin-fail-account", MAX_FAILURES_PER_ACCOUNT, WINDOW_SECONDS),
      "signin-ip": make("signin-fail-ip", env.signinFailuresPerIp, WINDOW_SECONDS),
      "signup-ip": make("signup-ip", env.signupsPerHour, HOUR_SECONDS),
      "demo-ip": make("demo-ip", env.demosPerHour, HOUR_SECONDS),
      "key-check-user": make("key-check-user", KEY_CHECKS_PER_HOUR, HOUR_SECONDS),
      "reset-email": make("reset-email", RESET_REQUESTS_PER_HOUR, HOUR_SECONDS),
      "reset-ip": make("reset-ip", env.resetRequestsPerIp, HOUR_SECONDS),
      "verification-user": make("verification-user", VERIFICATION_MAILS_PER_HOUR, HOUR_SECONDS),
      "two-factor-user": make("two-factor-user", MAX_FAILURES_PER_ACCOUNT, WINDOW_SECONDS),
      "sso-ip": make("sso-ip", env.ssoAttemptsPerIp, WINDOW_SECONDS),
    };
  }
  return limiters[name];
}

/**
 * Takes one point from each key's allowance; false when any is spent. Redis trouble is not hidden: it is
 * logged and the request answers 503 (a limit that cannot be counted cannot let the attempt through).
 */
async function take(points: [LimiterName, string][]): Promise<boolean> {
  await readyRedis();
  const results = await Promise.allSettled(points.map(([name, key]) => limiter(name).consume(key)));
  for (const result of results) {
    if (result.status === "rejected" && !(result.reason instanceof RateLimiterRes)) {
      webLogger().error({ err: result.reason }, "a rate limit could not be counted in Redis");
      throw redisUnavailable();
    }
  }
  if (results.every((result) => result.status === "fulfilled")) return true;
  // A refused attempt costs nothing: the keys that had room get their point back, so one spent account
  // cannot use up its IP's allowance (or the other way round).
  await Promise.all(
    points.map(([name, key], i) =>
      results[i]!.status === "fulfilled" ? limiter(name).reward(key, 1) : null,
    ),
  );
  return false;
}

/** The account's count from one source; JSON, so no e-mail or address can make another pair's key. */
const accountFrom = (email: string, ip: string) => JSON.stringify([email, ip]);

/** Takes a sign-in attempt for the account (from this IP) and the IP before the password is verified. */
export function takeSigninAttempt(email: string, ip: string): Promise<boolean> {
  return take([
    ["signin-account", accountFrom(email, ip)],
    ["signin-ip", ip],
  ]);
}

/** A correct password: the account starts afresh from this IP, and the IP gets its attempt back. */
export async function signinSucceeded(email: string, ip: string) {
  await Promise.all([
    limiter("signin-account").delete(accountFrom(email, ip)),
    limiter("signin-ip").reward(ip, 1),
  ]);
}

export function takeSignup(ip: string): Promise<boolean> {
  return take([["signup-ip", ip]]);
}

export function takeDemo(ip: string): Promise<boolean> {
  return take([["demo-ip", ip]]);
}

export function takeKeyCheck(userId: string): Promise<boolean> {
  return take([["key-check-user", userId]]);
}

/** A password-reset mail for `email` (normalised) asked from `ip`. */
export function takeResetRequest(email: string, ip: string): Promise<boolean> {
  return take([
    ["reset-email", email],
    ["reset-ip", ip],
  ]);
}

export function takeVerificationMail(userId: string): Promise<boolean> {
  return take([["verification-user", userId]]);
}

/** Takes one check of a second factor (or of the password guarding 2FA) for the account, before it is made. */
export function takeTwoFactorAttempt(userId: string): Promise<boolean> {
  return take([["two-factor-user", userId]]);
}

/** A right code or password: the account's count starts afresh. */
export async function twoFactorSucceeded(userId: string) {
  await limiter("two-factor-user").delete(userId);
}

/** A single sign-on step (a start, or the provider's answer) from `ip`. */
export function takeSsoStep(ip: string): Promise<boolean> {
  return take([["sso-ip", ip]]);
}
