/**
 * Failed sign-ins are limited per account and per client IP, counted in Redis so every web process shares
 * the count. A success clears the account's count.
 */
import { RateLimiterRedis } from "rate-limiter-flexible";
import { serverContext } from "../server-context.server";
import { webEnv } from "~/utils/env.server";

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

let limiters: { account: RateLimiterRedis; ip: RateLimiterRedis } | undefined;
function signinLimiters() {
  const storeClient = serverContext().redis;
  // Namespaced like the queue, so deployments or test runs sharing a Redis keep separate counts.
  const prefix = webEnv().queuePrefix;
  limiters ??= {
    account: new RateLimiterRedis({
      storeClient,
      keyPrefix: `${prefix}:signin-fail-account`,
      points: MAX_FAILURES_PER_ACCOUNT,
      duration: WINDOW_SECONDS,
    }),
    ip: new RateLimiterRedis({
      storeClient,
      keyPrefix: `${prefix}:signin-fail-ip`,
      points: MAX_FAILURES_PER_IP,
      duration: WINDOW_SECONDS,
    }),
  };
  return limiters;
}

export async function isSigninLocked(email: string, ip: string): Promise<boolean> {
  const { account, ip: byIp } = signinLimiters();
  const [forAccount, forIp] = await Promise.all([account.get(email), byIp.get(ip)]);
  return (
    (forAccount?.consumedPoints ?? 0) >= MAX_FAILURES_PER_ACCOUNT ||
    (forIp?.consumedPoints ?? 0) >= MAX_FAILURES_PER_IP
  );
}

export async function recordSigninFailure(email: string, ip: string) {
  const { account, ip: byIp } = signinLimiters();
  // Rejections only say the limit is now reached; the next attempt is refused by isSigninLocked.
  await Promise.allSettled([account.penalty(email, 1), byIp.penalty(ip, 1)]);
}

export async function clearSigninFailures(email: string) {
  await signinLimiters().account.delete(email);
}
