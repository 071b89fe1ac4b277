/**
 * Settings shared by every process (web, worker, scripts), read from the environment and validated once.
 * Each bad value gets its own line in the error, so an operator fixes them all in one go.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { VENDOR_NAMES, type VendorName } from "#contract/jobs";
import { clusterTarget, isClusterUrl, queueKeyPrefix } from "./redis";

/** Where settings are read from: process.env, or a plain object in tests. */
export type EnvSource = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const vendorShape = Object.fromEntries(
  VENDOR_NAMES.flatMap((name) => [
    [`VENDOR_${name.toUpperCase()}_URL`, optionalText.pipe(z.string().url("must be a URL").optional())],
    [`VENDOR_${name.toUpperCase()}_KEY`, optionalText],
  ]),
) as Record<string, z.ZodType<string | undefined>>;

export const sharedEnvShape = {
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: (SQLite) or postgres:// (PostgreSQL)")
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^(redis|rediss|unix|redis\+cluster|rediss\+cluster):\/\//,
        "must start with redis://, rediss://, unix:// or (a Redis Cluster) redis+cluster:// or rediss+cluster://",
      )
      .superRefine((url, context) => {
        if (!isClusterUrl(url)) return;
        try {
          clusterTarget(url);
        } catch (error) {
          context.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
        }
      })
      .optional(),
  ),
  /**
   * Namespaces the BullMQ keys, so several deployments (or test runs) can share one Redis. On a cluster it is
   * wrapped in braces (see queueKeyPrefix).
   */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, _ and - only")
    .default("rogue"),
  APP_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /** Lets non-loopback callers read /metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Lets admins point a vendor at a private or loopback address (a local model server such as Ollama). */
  ALLOW_PRIVATE_VENDOR_URLS: z.enum(["0", "1", "true", "false"]).default("0"),
  ...vendorShape,
};

export interface VendorOverride {
  url?: string;
  key?: string;
}

export interface SharedEnv {
  nodeEnv: "development" | "production" | "test";
  logLevel: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** True when REDIS_URL was unset: the private server of `npm start` / `npm test` is meant. */
  privateRedis: boolean;
  /** The BullMQ prefix (and the rate limiters'): QUEUE_PREFIX, as a hash tag on a cluster. */
  queuePrefix: string;
  appSecret: string;
  vendorOverrides: Record<VendorName, VendorOverride>;
  metricsToken: string | undefined;
  allowPrivateVendorUrls: boolean;
}

/** A whole number within bounds, said in plain words ("must be a whole number from 1 to 65535") however it fails. */
export function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message);
}

/**
 * Runs every loader and throws one ConfigError with all their problems, each once: an operator with several
 * bad settings reads them all in one go, not one per start.
 */
export function loadAll<T extends unknown[]>(...loaders: { [K in keyof T]: () => T[K] }): T {
  const problems = new Set<string>();
  const results = loaders.map((load) => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      for (const problem of error.problems) problems.add(problem);
      return undefined;
    }
  });
  if (problems.size) throw new ConfigError([...problems]);
  return results as T;
}

export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
}

/** Parses `shape` from the environment or throws one ConfigError listing every bad variable. */
export function parseEnv<T extends z.ZodRawShape>(shape: T, source: EnvSource): z.infer<z.ZodObject<T>> {
  const result = z.object(shape).safeParse(source);
  if (!result.success) throw new ConfigError(formatIssues(result.error));
  return result.data;
}

/**
 * Development keeps a generated secret in the data folder so sessions and encrypted keys survive restarts;
 * production must be given one, since a secret lost with a container would lock every stored key away.
 */
function resolveAppSecret(given: string | undefined, nodeEnv: SharedEnv["nodeEnv"], dataDir: string): string {
  if (given) return given;
  if (nodeEnv === "production") {
    throw new ConfigError([
      "APP_SECRET: required in production (at least 32 characters; e.g. `openssl rand -hex 32`)",
    ]);
  }
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function privateRedisSocket(dataDir: string) {
  return path.join(dataDir, "redis.sock");
}

export function loadSharedEnv(source: EnvSource = process.env): SharedEnv {
  const env = parseEnv(sharedEnvShape, source);
  const vendorEnv = env as Record<string, string | undefined>;
  const dataDir = path.resolve(env.DATA_DIR);
  const vendorOverrides = Object.fromEntries(
    VENDOR_NAMES.map((name) => {
      const upper = name.toUpperCase();
      return [name, { url: vendorEnv[`VENDOR_${upper}_URL`], key: vendorEnv[`VENDOR_${upper}_KEY`] }];
    }),
  ) as Record<VendorName, VendorOverride>;
  return {
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`,
    redisUrl: env.REDIS_URL ?? `unix://${privateRedisSocket(dataDir)}`,
    privateRedis: !env.REDIS_URL,
    queuePrefix: queueKeyPrefix(env.QUEUE_PREFIX, isClusterUrl(env.REDIS_URL ?? "")),
    appSecret: resolveAppSecret(env.APP_SECRET, env.NODE_ENV, dataDir),
    vendorOverrides,
    metricsToken: env.METRICS_TOKEN,
    allowPrivateVendorUrls: env.ALLOW_PRIVATE_VENDOR_URLS === "1" || env.ALLOW_PRIVATE_VENDOR_URLS === "true",
  };
}
