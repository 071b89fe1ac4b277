import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
import {
  ConfigError,
  loadAll,
  loadSharedEnv,
  parseEnv,
  wholeNumber,
  type EnvSource,
  type SharedEnv,
} from "#platform/env";
import type { Plan } from "#db/schema";

export const webShape = {
  PORT: wholeNumber(1, 65535).default(3000),
  /**
   * Web processes sharing PORT (node:cluster: the first process accepts connections and hands them round
   * robin to its web processes). Unset: one per core this process may use.
   */
  WEB_CONCURRENCY: wholeNumber(1, 64).optional(),
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
  SIGNIN_FAILURES_PER_IP: wholeNumber(1, 1_000_000).default(20),
  /** Accounts one client IP may create per hour. */
  SIGNUPS_PER_HOUR: wholeNumber(1, 1_000_000).default(20),
  /** Demo users one client IP may start per hour. */
  DEMOS_PER_HOUR: wholeNumber(1, 1_000_000).default(10),
  /** Developer API requests one account may make per minute, all its keys together (docs/product.md §12). */
  API_REQUESTS_PER_MINUTE: wholeNumber(1, 100_000).default(60),
  /** API keys one account may hold at once. */
  API_KEYS_PER_USER: wholeNumber(1, 1_000).default(10),
  /** Replies one account may have queued or streaming at once, chat and API together (docs/product.md §4). */
  STARTER_REPLIES_IN_FLIGHT: wholeNumber(1, 10_000).default(3),
  PROFESSIONAL_REPLIES_IN_FLIGHT: wholeNumber(1, 10_000).default(10),
  /**
   * Seconds a client has to send a whole request, headers and body; a slower one gets 408 and its connection
   * closed, so a client trickling bytes cannot hold a connection (and its memory) for minutes.
   */
  REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 600).default(30),
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
  apiKeysPerUser: number;
  repliesInFlight: Record<Plan, number>;
  requestTimeoutMs: number;
}

let cached: WebEnv | undefined;

/** Settings that go together: one without the other is a mistake, whatever else is wrong. */
const PAIRS = [
  ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
  ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
] as const;

/** The web's own settings, the pairs that go together included. */
function parseWebSettings(source: EnvSource) {
  const given = (name: string) => Boolean(source[name]?.trim());
  const [env] = loadAll(
    () => parseEnv(webShape, source),
    () => {
      const halves = PAIRS.filter(([a, b]) => given(a) !== given(b));
      if (halves.length) throw new ConfigError(halves.map(([a, b]) => `${a} and ${b}: set both or neither`));
    },
  );
  return env;
}

export function loadWebEnv(source: EnvSource = process.env): WebEnv {
  const [shared, env] = loadAll(
    () => loadSharedEnv(source),
    () => parseWebSettings(source),
  );
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
    apiKeysPerUser: env.API_KEYS_PER_USER,
    repliesInFlight: {
      starter: env.STARTER_REPLIES_IN_FLIGHT,
      professional: env.PROFESSIONAL_REPLIES_IN_FLIGHT,
    },
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
  };
}

export function webEnv(): WebEnv {
  cached ??= loadWebEnv();
  return cached;
}
