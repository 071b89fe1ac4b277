import { isIP } from "node:net";
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
  /**
   * Set when reverse proxies sit in front: client IPs (rate limits, audit, /metrics) and the scheme come from
   * their X-Forwarded-* headers. Either how many proxies there are (the client is the address the outermost
   * one saw), or their addresses and ranges (everything up to the first address not among them is a proxy).
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((value, context): TrustProxy => {
      const text = value.trim();
      if (text === "" || text === "0" || text === "false") return false;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(",").map((entry) => entry.trim());
      const wrong = entries.filter((entry) => !isAddressOrRange(entry));
      if (wrong.length === 0) return entries;
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message:
          text === "true"
            ? "true would take any X-Forwarded-For a client writes: give the number of proxies in front (e.g. 1) or their addresses"
            : `must be the number of proxies in front, or their addresses/ranges separated by commas (not ${wrong.join(", ")})`,
      });
      return z.NEVER;
    }),
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
  /**
   * Seconds a client has to send a whole request, headers and body; a slower one gets 408 and its connection
   * closed, so a client trickling bytes cannot hold a connection (and its memory) for minutes.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
};

/**
 * Whom Express trusts for X-Forwarded-*: nobody, the nearest n hops, or proxies at these addresses and ranges.
 * Never `true`, which would take the left-most X-Forwarded-For, written by the client.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the loopback, link-local and private ranges. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IPv4 or IPv6 address, optionally with a /prefix (CIDR), or one of the named ranges. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export interface WebEnv extends SharedEnv {
  port: number;
  webConcurrency: number;
  admin: { email: string; password: string } | null;
  trustProxy: TrustProxy;
  stripe: { secretKey: string; webhookSecret: string } | null;
  signinFailuresPerIp: number;
  signupsPerHour: number;
  demosPerHour: number;
  apiRequestsPerMinute: number;
  requestTimeoutMs: number;
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
    trustProxy: env.TRUST_PROXY,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : null,
    signinFailuresPerIp: env.SIGNIN_FAILURES_PER_IP,
    signupsPerHour: env.SIGNUPS_PER_HOUR,
    demosPerHour: env.DEMOS_PER_HOUR,
    apiRequestsPerMinute: env.API_REQUESTS_PER_MINUTE,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
  };
}

export function webEnv(): WebEnv {
  cached ??= loadWebEnv();
  return cached;
}
