/**
 * The body of `POST /v1/chat/completions`, in OpenAI's format. Nothing is accepted and then dropped: the
 * parameters the service acts on are checked at OpenAI's ranges and passed on to the vendors (the options of
 * contract/request-options.ts); OpenAI's others are accepted only at the value that changes nothing (`n: 1`,
 * `logprobs: false`…), as clients such as LangChain send them, and refused otherwise with a 400 naming the
 * parameter; a parameter OpenAI does not have is refused as OpenAI refuses it. See docs/product.md §12.
 */
import { z } from "zod";
import type { PromptImage } from "#contract/attachments";
import { jsonSchemaFormatSchema, requestOptionsSchema, type RequestOptions } from "#contract/request-options";
import { DEFAULT_TEMPERATURE } from "../completions/quick-actions";
import { apiTexts, messages } from "../texts/catalogue";
import { perLocale } from "../i18n/translate";

/** The chat's own limit for one message (docs/product.md §2), applied to every message of a request. */
export const MAX_API_MESSAGE_BYTES = 32 * 1024;
export const MAX_API_MESSAGES = 200;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** An image given whole in the request; a web address is refused: the service fetches nothing for a caller. */
const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/;

const imagePart = z
  .object({
    type: z.literal("image_url"),
    image_url: z
      .object({
        url: z.string().regex(DATA_URL, apiTexts.imageUrlNotData),
        detail: z.enum(["auto", "low", "high"]).nullish(),
      })
      .strict(),
  })
  .strict();

const part = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }).passthrough(),
  imagePart,
]);

/** An image part's data URL, checked already, as the prompt carries an image. */
function promptImage(url: string): PromptImage {
  const [, mediaType, base64] = DATA_URL.exec(url)!;
  return { mediaType: mediaType!, base64: base64! };
}

/**
 * A message's content: a string, or OpenAI's array of parts — text parts joined as its words, image parts its
 * images (docs/product.md §12); other part types are refused. Null is an assistant turn that only called tools.
 */
const content = () =>
  z
    .preprocess(
      (value) => (value === null ? [] : typeof value === "string" ? [{ type: "text", text: value }] : value),
      z.array(part),
    )
    .transform((parts) => ({
      text: parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join(""),
      images: parts.flatMap((part) => (part.type === "image_url" ? [promptImage(part.image_url.url)] : [])),
    }))
    .refine(({ text }) => byteLength(text) <= MAX_API_MESSAGE_BYTES, messages.messageTooLong)
    // Neither database keeps a NUL in text the same way (PostgreSQL refuses it), so it is refused here.
    .refine(({ text }) => !text.includes("\u0000"), apiTexts.nulCharacter);

/** Tool calls and tool results in a conversation: the service does not run tools (yet). */
const noTools = () =>
  z.unknown().refine((value) => value === undefined || value === null, apiTexts.toolsUnsupported);

const message = () =>
  z
    .object({
      // 'developer' is the newer OpenAI name for a system message.
      role: z
        .enum(["system", "developer", "user", "assistant", "tool", "function"], {
          errorMap: () => ({ message: apiTexts.roleUnsupported }),
        })
        .refine((role) => role !== "tool" && role !== "function", apiTexts.toolsUnsupported)
        .transform((role) => (role === "developer" ? "system" : (role as "system" | "user" | "assistant"))),
      content: content(),
      name: z.string().max(200).nullish(),
      tool_calls: noTools(),
      function_call: noTools(),
    })
    .refine(({ role, content }) => role === "user" || content.images.length === 0, {
      message: apiTexts.imagesOnlyFromUser,
      path: ["content"],
    })
    .transform(({ role, content }) => ({ role, content: content.text, images: content.images }));

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0);

/**
 * OpenAI's parameters the service does not act on, each with the values that ask for nothing (besides
 * absent, null, false, [] and {}): those are accepted, any other is a 400 naming the parameter.
 */
const INERT_PARAMETERS: Record<string, unknown[]> = {
  n: [1],
  logprobs: [],
  top_logprobs: [0],
  logit_bias: [],
  tools: [],
  tool_choice: ["none", "auto"],
  parallel_tool_calls: [true],
  functions: [],
  function_call: ["none", "auto"],
  store: [],
  metadata: [],
  modalities: [["text"]],
  service_tier: ["auto", "default"],
  reasoning_effort: [],
  prediction: [],
  audio: [],
  web_search_options: [],
};

const inert = (name: string) =>
  z
    .unknown()
    .refine(
      (value) =>
        isEmpty(value) ||
        INERT_PARAMETERS[name]!.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value)),
      apiTexts.unsupportedParameter(name),
    );

const option = requestOptionsSchema.shape;

/**
 * The options passed on to the vendors, as OpenAI takes them; null (and `stop: []`, `user: ""`,
 * `response_format: {type: "text"}`, which ask for nothing) leaves one out.
 */
const optionParameters = {
  stop: z
    .union([z.string().min(1).max(500), z.array(z.string().min(1).max(500)).max(4)])
    .nullish()
    .transform((stop) => (typeof stop === "string" ? [stop] : stop?.length ? stop : undefined)),
  seed: option.seed.unwrap().refine(Number.isSafeInteger).nullish(),
  top_p: option.top_p.nullish(),
  presence_penalty: option.presence_penalty.nullish(),
  frequency_penalty: option.frequency_penalty.nullish(),
  response_format: z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("text") }).strict(),
      z.object({ type: z.literal("json_object") }).strict(),
      z.object({ type: z.literal("json_schema"), json_schema: jsonSchemaFormatSchema }).strict(),
    ])
    .nullish()
    .transform((format) => (format?.type === "text" ? undefined : (format ?? undefined))),
  user: option.user.nullish().transform((user) => user || undefined),
};

type OptionParameters = {
  [Name in keyof typeof optionParameters]?: z.output<(typeof optionParameters)[Name]>;
};

/** The options a request set, without the ones it left out. */
const requestOptions = (body: OptionParameters): RequestOptions =>
  Object.fromEntries(
    Object.keys(optionParameters)
      .map((name) => [name, body[name as keyof OptionParameters]] as const)
      .filter(([, value]) => value !== undefined && value !== null),
  );

export const chatRequestSchema = perLocale(() =>
  z
    .object({
      model: z.string().min(1).max(200),
      messages: z.array(message()).min(1).max(MAX_API_MESSAGES),
      temperature: z.number().min(0).max(2).nullish(),
      max_tokens: z.number().int().min(1).max(1_000_000).nullish(),
      max_completion_tokens: z.number().int().min(1).max(1_000_000).nullish(),
      stream: z.boolean().nullish(),
      stream_options: z.object({ include_usage: z.boolean().nullish() }).passthrough().nullish(),
      ...optionParameters,
      ...Object.fromEntries(Object.keys(INERT_PARAMETERS).map((name) => [name, inert(name)])),
    })
    .strict()
    .refine((body) => body.messages.at(-1)?.role === "user", {
      message: apiTexts.lastMessageUser,
      path: ["messages"],
    })
    .refine((body) => body.messages.at(-1)?.content.trim(), {
      message: messages.messageRequired,
      path: ["messages"],
    })
    .transform((body) => ({
      model: body.model,
      turns: body.messages,
      temperature: body.temperature ?? DEFAULT_TEMPERATURE,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? null,
      stream: body.stream ?? false,
      includeUsage: body.stream_options?.include_usage ?? false,
      options: requestOptions(body),
    })),
);

export type ChatRequest = z.output<ReturnType<typeof chatRequestSchema>>;

/** A parameter path as OpenAI writes it: `messages[2].role`. */
const paramName = (path: (string | number)[]) =>
  path.map((part, index) => (typeof part === "number" ? `[${part}]` : index ? `.${part}` : part)).join("");

/**
 * The first problem of a refused body: its text as "parameter: message" (OpenAI names the parameter in its
 * text too), and the parameter for the error's `param`.
 */
export function describeIssue(error: z.ZodError): { message: string; param: string | null } {
  const issue = error.issues[0];
  if (!issue) return { message: "invalid body", param: null };
  if (issue.code === "unrecognized_keys") {
    const name = paramName([...issue.path, issue.keys[0]!]);
    return { message: apiTexts.unrecognizedParameter(name), param: name };
  }
  const param = issue.path.length ? paramName(issue.path) : null;
  return { message: param ? `${param}: ${issue.message}` : issue.message, param };
}
