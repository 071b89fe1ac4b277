/**
 * The contract between the web and the worker: queue name, job payload, Redis keys and the entries of a
 * completion's token stream. It lives outside worker/ so that app/, db/ and platform/ can import it without
 * importing anything of the worker (the lint forbids that).
 */
import { z } from "zod";

/** The vendors the product speaks to; the database, the settings and the worker all use these names. */
export type VendorName = "together" | "novita" | "modelslab" | "openai";
export const VENDOR_NAMES = [
  "together",
  "novita",
  "modelslab",
  "openai",
] as const satisfies readonly VendorName[];

export const COMPLETION_QUEUE = "completion";

export const completionJobSchema = z.object({
  completionId: z.string().uuid(),
  /** The web request that asked for the reply, for the logs (absent on a job the sweeper re-queued). */
  requestId: z.string().max(100).optional(),
});
export type CompletionJob = z.infer<typeof completionJobSchema>;

/**
 * The hash tag every completion key shares. In a Redis Cluster a web process reads all its open streams with
 * one XREAD, and the worker's fenced append touches a stream and its owner key in one script: both need
 * their keys in one slot. (On one server the tag is just part of the name.)
 */
const COMPLETION_TAG = "{completion}";
/** Redis Stream holding one reply's token chunks, then one terminal entry. */
export const completionStreamKey = (completionId: string) => `${COMPLETION_TAG}:${completionId}`;
/** The token of the run that owns the completion's stream (see worker/token-stream.ts). */
export const completionOwnerKey = (completionId: string) => `${COMPLETION_TAG}:${completionId}:owner`;
/** Set (with a short expiry) to ask the worker running a completion to stop it. */
export const completionStopKey = (completionId: string) => `${COMPLETION_TAG}:${completionId}:stop`;
/** The stream a web process's relay is woken through (app/modules/completions/stream-hub.server.ts). */
export const completionHubWakeKey = (hubId: string) => `${COMPLETION_TAG}:hub:${hubId}`;
/** Pub/sub channel on which stop requests are announced to every worker. */
export const COMPLETION_STOP_CHANNEL = "completion-stop";

/** How long a finished completion's stream stays in Redis; the database is the record after that. */
export const STREAM_TTL_SECONDS = 600;

/**
 * Failure codes a worker reports. The web maps each to its user-facing text in one catalogue
 * (app/modules/texts/catalogue.ts); the worker never writes user-facing text itself.
 * See docs/product.md §9.
 */
export const failureCodeSchema = z.enum([
  "not_found", // vendor answered 404
  "auth", // 401 / 403
  "bad_request", // 400
  "model", // the vendor's error mentions the model
  "http", // any other non-2xx status
  "invalid_json",
  "invalid_format",
  "timeout",
  "network", // could not connect, connection reset
  "key_missing", // detail: the vendor name
  "no_active_vendor",
  "unsupported_vendor", // detail: the vendor name
  "modelslab_format",
  "plan", // the user's plan may not use the model (detail: the model's name)
  "unsupported_parameter", // no vendor tried takes a request option (detail: the option's name)
  "context_length", // the question alone does not fit the model's context window: refused before any vendor
  "internal",
]);
export type FailureCode = z.infer<typeof failureCodeSchema>;

export const failureSchema = z.object({
  code: failureCodeSchema,
  status: z.number().int().optional(),
  detail: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/**
 * Why a vendor ended a reply, in OpenAI's terms: "length" when max_tokens cut it. Anything else a vendor says
 * (eos, end_turn…) is a natural end, "stop".
 */
export const FINISH_REASONS = ["stop", "length", "content_filter"] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

/** The fields of one entry of `{completion}:<id>` (Redis stream fields are flat strings). */
export const streamEntrySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("token"), text: z.string() }),
  z.object({ type: z.literal("done"), messageId: z.string() }),
  z.object({ type: z.literal("stopped"), messageId: z.string() }),
  z.object({
    type: z.literal("error"),
    code: failureCodeSchema,
    status: z.coerce.number().int().optional(),
    detail: z.string().optional(),
  }),
]);
export type StreamEntry = z.infer<typeof streamEntrySchema>;

export const isTerminalEntry = (entry: StreamEntry) => entry.type !== "token";

/** Reads a Redis stream entry's flat [field, value, field, value...] list. */
export function parseStreamFields(fields: string[]): StreamEntry {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
  return streamEntrySchema.parse(record);
}

/** Flattens an entry for XADD. */
export function streamFields(entry: StreamEntry): string[] {
  return Object.entries(entry).flatMap(([key, value]) => (value === undefined ? [] : [key, String(value)]));
}

/**
 * Options of every completion job. The job id is the completion id, so adding the same completion twice adds
 * one job. A failed run (Redis or database trouble) is retried; the processor is idempotent.
 */
export const completionJobOptions = (completionId: string) => ({
  jobId: completionId,
  attempts: 3,
  backoff: { type: "exponential" as const, delay: 500 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 24 * 3600 },
});

/** Checks that a vendor answers with a key (a user's key before it is saved, or an admin's test). */
export const VENDOR_CHECK_QUEUE = "vendor-check";

export const vendorCheckJobSchema = z.object({
  vendor: z.string().min(1).max(50),
  /** The key to try, encrypted with APP_SECRET (job data sits in Redis); absent: the vendor's stored key. */
  encryptedKey: z.string().optional(),
});
export type VendorCheckJob = z.infer<typeof vendorCheckJobSchema>;

export const vendorCheckResultSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), latencyMs: z.number() }),
  z.object({ ok: z.literal(false), failure: failureSchema }),
]);
export type VendorCheckResult = z.infer<typeof vendorCheckResultSchema>;

/** The vendors that speak OpenAI's wire format: their endpoints also list the models they serve. */
export const OPENAI_FORMAT_VENDORS = [
  "together",
  "novita",
  "openai",
] as const satisfies readonly VendorName[];
export const speaksOpenAiFormat = (name: string) =>
  (OPENAI_FORMAT_VENDORS as readonly string[]).includes(name);

/**
 * The vendor-check queue's job names: a connection test, or a list of the models the vendor's endpoint reports
 * (`GET …/models`), for the console to add in one click. Both take a VendorCheckJob.
 */
export const VENDOR_JOBS = { check: "check", models: "models" } as const;

/** At most this many model ids come back from one list (an aggregator reports hundreds). */
export const MAX_LISTED_MODELS = 500;

export const modelListResultSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), models: z.array(z.string()).max(MAX_LISTED_MODELS) }),
  z.object({ ok: z.literal(false), failure: failureSchema }),
]);
export type ModelListResult = z.infer<typeof modelListResultSchema>;
