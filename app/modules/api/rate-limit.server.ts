/**
 * Requests per minute per account (API_REQUESTS_PER_MINUTE), all its keys together: more keys only split the
 * allowance. Counted in Redis so every web process shares them. A point is taken before the request does any
 * work; past the limit the answer is 429 with Retry-After.
 */
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { apiTexts } from "../texts/catalogue";
import { readyRedis, serverContext } from "../server-context.server";
import { webEnv } from "~/utils/env.server";
import { ApiError } from "./api-errors";

let limiter: RateLimiterRedis | undefined;

export async function takeApiRequest(userId: string): Promise<void> {
  await readyRedis();
  const env = webEnv();
  limiter ??= new RateLimiterRedis({
    storeClient: serverContext().redis,
    keyPrefix: `${env.queuePrefix}:api-user-rpm`,
    points: env.apiRequestsPerMinute,
    duration: 60,
  });
  try {
    await limiter.consume(userId);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new ApiError(429, apiTexts.rateLimited(env.apiRequestsPerMinute), "rate_limit_exceeded", {
      "Retry-After": String(seconds),
    });
  }
}
