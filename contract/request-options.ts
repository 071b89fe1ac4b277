/**
 * A developer-API request's generation options beyond temperature and max_tokens (docs/product.md §12): what
 * the web stores with the completion (`completions.request_options`, OpenAI's names and shapes) and what the
 * worker sends on, and which vendor's wire format can carry each. The web refuses an option no vendor serving
 * the model takes; the worker skips a vendor that cannot take one, so none is ever dropped on the way.
 */
import { z } from "zod";
import type { VendorName } from "./jobs";

/** OpenAI's json_schema response format; the schema itself is the client's, passed on as it came. */
export const jsonSchemaFormatSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    description: z.string().max(10_000).optional(),
    schema: z.record(z.unknown()).optional(),
    strict: z.boolean().nullish(),
  })
  .strict();

export const responseFormatSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("json_object") }).strict(),
  z.object({ type: z.literal("json_schema"), json_schema: jsonSchemaFormatSchema }).strict(),
]);
export type ResponseFormat = z.infer<typeof responseFormatSchema>;

/** The options as stored; `stop` is always a list (OpenAI also takes one string). */
export const requestOptionsSchema = z
  .object({
    stop: z.array(z.string()).min(1).max(4).optional(),
    seed: z.number().int().optional(),
    top_p: z.number().min(0).max(1).optional(),
    presence_penalty: z.number().min(-2).max(2).optional(),
    frequency_penalty: z.number().min(-2).max(2).optional(),
    response_format: responseFormatSchema.optional(),
    user: z.string().max(256).optional(),
  })
  .strict();
export type RequestOptions = z.infer<typeof requestOptionsSchema>;
export type RequestOption = keyof RequestOptions;
export const REQUEST_OPTIONS = Object.keys(requestOptionsSchema.shape) as RequestOption[];

const OPENAI_FORMAT_OPTIONS: readonly RequestOption[] = [
  "stop",
  "seed",
  "top_p",
  "presence_penalty",
  "frequency_penalty",
  "response_format",
];

/**
 * What each vendor's API documents taking. `user` is OpenAI's own (Together and Novita do not list it);
 * ModelsLab's uncensored chat takes nucleus sampling and the penalties, and none of stop, seed or a format.
 */
export const VENDOR_OPTIONS: Record<VendorName, readonly RequestOption[]> = {
  together: OPENAI_FORMAT_OPTIONS,
  novita: OPENAI_FORMAT_OPTIONS,
  openai: [...OPENAI_FORMAT_OPTIONS, "user"],
  modelslab: ["top_p", "presence_penalty", "frequency_penalty"],
};

/** The options set in `options` that `vendor` cannot take, in the schema's order; every one for an unknown vendor. */
export function untakenOptions(vendor: string, options: RequestOptions): RequestOption[] {
  const taken: readonly RequestOption[] = VENDOR_OPTIONS[vendor as VendorName] ?? [];
  return REQUEST_OPTIONS.filter((name) => options[name] !== undefined && !taken.includes(name));
}

/** A completion's stored options; null (a chat's reply) is none. */
export function parseRequestOptions(stored: string | null): RequestOptions {
  return stored === null ? {} : requestOptionsSchema.parse(JSON.parse(stored));
}
