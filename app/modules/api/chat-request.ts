/**
 * The body of `POST /v1/chat/completions`, in OpenAI's format: the fields the service acts on are checked,
 * others (n, top_p, user…) are accepted and ignored, as OpenAI-compatible servers commonly do.
 * See docs/product.md §12.
 */
import { z } from "zod";
import { DEFAULT_TEMPERATURE } from "../completions/quick-actions";
import { apiTexts, messages } from "../texts/catalogue";
import { perLocale } from "../i18n/translate";

/** The chat's own limit for one message (docs/product.md §2), applied to every message of a request. */
export const MAX_API_MESSAGE_BYTES = 32 * 1024;
export const MAX_API_MESSAGES = 200;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** A message's content: a string, or OpenAI's array of text parts (joined); other part types are refused. */
const content = () =>
  z
    .union([
      z.string(),
      z
        .array(z.object({ type: z.literal("text"), text: z.string() }).passthrough())
        .transform((parts) => parts.map((part) => part.text).join("")),
    ])
    .refine((text) => byteLength(text) <= MAX_API_MESSAGE_BYTES, messages.messageTooLong)
    // Neither database keeps a NUL in text the same way (PostgreSQL refuses it), so it is refused here.
    .refine((text) => !text.includes("\u0000"), apiTexts.nulCharacter);

const message = () =>
  z.object({
    // 'developer' is the newer OpenAI name for a system message.
    role: z
      .enum(["system", "developer", "user", "assistant"])
      .transform((role) => (role === "developer" ? "system" : role)),
    content: content(),
  });

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
    })
    .passthrough()
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
    })),
);

export type ChatRequest = z.output<ReturnType<typeof chatRequestSchema>>;

/** The first problem of a refused body, as "field: message" (OpenAI names the parameter in its text too). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid body";
  const path = issue.path.join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}
