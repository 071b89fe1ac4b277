import { availableParallelism } from "node:os";
import { z } from "zod";
import { ConfigError, loadSharedEnv, parseEnv, type EnvSource, type SharedEnv } from "#platform/env";

export const webShape = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Web processes sharing PORT (node:cluster: the first process accepts connections and hands them round
   * robin to its web processes). Unset: one per core this process may use.
   */
  WEB_CONCURRENCY: z.coerce.number().int("must be a whole number").min(1).max(64).optional(),
  ADMIN_EMAIL: z.string().trim().email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  /** Set when a reverse proxy sits in front: client IPs (rate limits) and the scheme come from its headers. */
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  /** Both set: checkout takes real payments through Stripe; neither: the simulated provider (no money moves). */
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Failed sign-ins one client IP may make per 15 minutes (an account has its own limit of 5). */
  SIGNIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Accounts one client IP may create per hour. */
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Demo users one client IP may start per hour. */
  DEMOS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Developer API requests one key may make per minute (docs/product.md §12). */
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
};

export interface WebEnv extends SharedEnv {
  port: number;
  webConcurrency: number;
  admin: { email: string; password: string } | null;
  trustProxy: boolean;
  stripe: { secretKey: string; webhookSecret: string } | null;
  signinFailuresPerIp: number;
  signupsPerHour: number;
  demosPerHour: number;
  apiRequestsPerMinute: number;
}

let cached: WebEnv | undefined;

export function loadWebEnv(source: EnvSource = process.env): WebEnv {
  const shared = loadSharedEnv(source);
  const env = parseEnv(webShape, source);
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError(["ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither"]);
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(["STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both or neither"]);
  }
  return {
    ...shared,
    port: env.PORT,
    webConcurrency: env.WEB_CONCURRENCY ?? availableParallelism(),
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
        : null,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : null,
    signinFailuresPerIp: env.SIGNIN_FAILURES_PER_IP,
    signupsPerHour: env.SIGNUPS_PER_HOUR,
    demosPerHour: env.DEMOS_PER_HOUR,
    apiRequestsPerMinute: env.API_REQUESTS_PER_MINUTE,
  };
}

export function webEnv(): WebEnv {
  cached ??= loadWebEnv();
  return cached;
}
