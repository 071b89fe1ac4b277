import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import addressparser from "nodemailer/lib/addressparser";
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
import type { AttachmentLimits } from "~/modules/attachments/attachments.server";

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
  /** Password-reset mails one client IP may ask for per hour (each address has its own limit of 3). */
  PASSWORD_RESETS_PER_HOUR: wholeNumber(1, 1_000_000).default(20),
  /** Single sign-on steps (starts and provider answers) one client IP may make per 15 minutes. */
  SSO_ATTEMPTS_PER_IP: wholeNumber(1, 1_000_000).default(60),
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
  /** Where e-mail goes out (smtp://user:password@host:587, smtps://…:465); unset: each mail's link is logged. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(
      /^smtps?:\/\/[^/]/,
      "must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587",
    )
    .optional(),
  /** The sender of every mail: an address, or a name and an address. */
  MAIL_FROM: z
    .string()
    .trim()
    .refine(isOneMailbox, "must be one address, e.g. Rogue AI <noreply@example.com>")
    .optional(),
  /**
   * The service's own address (https://chat.example.com): e-mailed links are built from it, never from the
   * request's Host header, which a client writes.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(
      isSiteOrigin,
      "must be an http:// or https:// address without a path, e.g. https://chat.example.com",
    )
    .optional(),
  /** required: an account must prove its e-mail address before it may chat; optional: it is asked to. */
  EMAIL_VERIFICATION: z
    .enum(["required", "optional"], { message: "must be required or optional" })
    .default("optional"),
  /** Files attached to one message (docs/product.md §14): bytes per file, bytes and files per message. */
  ATTACHMENT_FILE_BYTES: wholeNumber(1, 100_000_000).default(10_000_000),
  ATTACHMENT_MESSAGE_BYTES: wholeNumber(1, 200_000_000).default(20_000_000),
  ATTACHMENTS_PER_MESSAGE: wholeNumber(1, 100).default(10),
  /** The share of a model's prompt budget (window less the reply's room) a message and its documents may fill. */
  ATTACHMENT_CONTEXT_PERCENT: wholeNumber(1, 100).default(75),
  ATTACHMENT_STORAGE_STARTER_BYTES: wholeNumber(0, 1_000_000_000_000).default(100_000_000),
  ATTACHMENT_STORAGE_PROFESSIONAL_BYTES: wholeNumber(0, 1_000_000_000_000).default(5_000_000_000),
};

function isSiteOrigin(text: string): boolean {
  const url = URL.parse(text);
  return Boolean(url && /^https?:$/.test(url.protocol) && url.pathname === "/" && !url.search && !url.hash);
}

function isOneMailbox(text: string): boolean {
  const parsed = addressparser(text);
  return (
    parsed.length === 1 && "address" in parsed[0]! && z.string().email().safeParse(parsed[0].address).success
  );
}

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
  ssoAttemptsPerIp: number;
  demosPerHour: number;
  resetRequestsPerIp: number;
  apiRequestsPerMinute: number;
  apiKeysPerUser: number;
  repliesInFlight: Record<Plan, number>;
  requestTimeoutMs: number;
  /** SMTP unset: mails are written to the log (development), see app/modules/mail/mailer.server.ts. */
  mail: { smtpUrl: string | null; from: string };
  /** The site's own origin, for links in e-mails. */
  publicUrl: string;
  emailVerification: "required" | "optional";
  attachments: AttachmentLimits;
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
    () => {
      const problems = [];
      if (given("SMTP_URL") && !given("MAIL_FROM"))
        problems.push("MAIL_FROM: required with SMTP_URL (the sender, e.g. Rogue AI <noreply@example.com>)");
      // Mail to real people must link to the real site; without SMTP the links only reach the log.
      if (given("SMTP_URL") && !given("PUBLIC_URL") && source.NODE_ENV === "production")
        problems.push(
          "PUBLIC_URL: required in production with SMTP_URL (e-mailed links are built from it, e.g. https://chat.example.com)",
        );
      if (problems.length) throw new ConfigError(problems);
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
    ssoAttemptsPerIp: env.SSO_ATTEMPTS_PER_IP,
    demosPerHour: env.DEMOS_PER_HOUR,
    resetRequestsPerIp: env.PASSWORD_RESETS_PER_HOUR,
    apiRequestsPerMinute: env.API_REQUESTS_PER_MINUTE,
    apiKeysPerUser: env.API_KEYS_PER_USER,
    repliesInFlight: {
      starter: env.STARTER_REPLIES_IN_FLIGHT,
      professional: env.PROFESSIONAL_REPLIES_IN_FLIGHT,
    },
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM ?? "Rogue AI <noreply@localhost>" },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    emailVerification: env.EMAIL_VERIFICATION,
    attachments: {
      fileBytes: env.ATTACHMENT_FILE_BYTES,
      messageBytes: env.ATTACHMENT_MESSAGE_BYTES,
      perMessage: env.ATTACHMENTS_PER_MESSAGE,
      contextPercent: env.ATTACHMENT_CONTEXT_PERCENT,
      storageBytes: {
        starter: env.ATTACHMENT_STORAGE_STARTER_BYTES,
        professional: env.ATTACHMENT_STORAGE_PROFESSIONAL_BYTES,
      },
    },
  };
}

export function webEnv(): WebEnv {
  cached ??= loadWebEnv();
  return cached;
}
