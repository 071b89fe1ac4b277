/**
 * The OpenAI chat-completions wire format, which Together, Novita and OpenAI all speak: a JSON POST answered
 * either by one JSON body or by a server-sent-event stream of `chat.completion.chunk`s ending in `[DONE]`.
 * A request's options (stop, seed, top_p, the penalties, response_format, user) go as OpenAI names them.
 */
import { createParser } from "eventsource-parser";
import { z } from "zod";
import { postJson, readJson, readTextStream, vendorMessage, type VendorResponse } from "./http";
import { imageDataUrl } from "#contract/attachments";
import type { FinishReason } from "#contract/jobs";
import {
  VendorError,
  type ChatTurn,
  type VendorAdapter,
  type VendorChunk,
  type VendorRequest,
} from "./types";

const usageSchema = z.object({ prompt_tokens: z.number(), completion_tokens: z.number() });
// A malformed usage report is not worth failing a reply over.
const optionalUsage = usageSchema.nullish().catch(undefined);

const streamChunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .optional(),
  usage: optionalUsage,
});

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string() }), finish_reason: z.string().nullish() }))
    .nonempty(),
  usage: optionalUsage,
});

type Usage = z.infer<typeof usageSchema>;

const usageChunk = (usage: Usage): VendorChunk => ({
  type: "usage",
  promptTokens: usage.prompt_tokens,
  completionTokens: usage.completion_tokens,
});

const finishChunk = (reason: string): VendorChunk => ({
  type: "finish",
  reason: reason === "length" || reason === "content_filter" ? reason : ("stop" satisfies FinishReason),
});

/** The lower of the request's and the adapter's caps, or whichever is set. */
export function tokenCap(requested: number | undefined, adapterCap: number | undefined): number | undefined {
  if (requested === undefined) return adapterCap;
  return adapterCap === undefined ? requested : Math.min(requested, adapterCap);
}

/** The turns in OpenAI's chat format: a turn with images as a text part followed by an `image_url` part each. */
export const chatMessages = (turns: ChatTurn[]) =>
  turns.map(({ role, content, images }) =>
    images?.length
      ? {
          role,
          content: [
            { type: "text", text: content },
            ...images.map((image) => ({ type: "image_url", image_url: { url: imageDataUrl(image) } })),
          ],
        }
      : { role, content },
  );

function requestBody(request: VendorRequest, options: { maxTokens?: number; stream: boolean }) {
  const maxTokens = tokenCap(request.maxTokens, options.maxTokens);
  return {
    model: request.model,
    messages: chatMessages(request.messages),
    temperature: request.temperature,
    ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
    // Stored in OpenAI's own names and shapes, which this format shares.
    ...request.options,
    stream: options.stream,
    ...(options.stream ? { stream_options: { include_usage: true } } : {}),
  };
}

function parseJsonData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new VendorError({ code: "invalid_json", detail: "stream event is not JSON" });
  }
}

type StreamChunk = z.infer<typeof streamChunkSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNullishOr = (value: unknown, type: "string" | "object") =>
  value === undefined || value === null || (type === "string" ? typeof value === "string" : isRecord(value));

/**
 * The chunk every token arrives in (choices with a text delta, no usage), checked by hand: running the schema
 * on every token was the worker's largest per-token cost after JSON.parse. It accepts only what the schema
 * accepts; anything else (usage, errors, odd shapes) goes through the schema, with its results and errors.
 */
function tokenChunk(json: unknown): StreamChunk | undefined {
  if (!isRecord(json) || json.usage !== undefined || !Array.isArray(json.choices)) return undefined;
  for (const choice of json.choices as unknown[]) {
    if (!isRecord(choice) || !isNullishOr(choice.finish_reason, "string")) return undefined;
    if (!isNullishOr(choice.delta, "object")) return undefined;
    if (isRecord(choice.delta) && !isNullishOr(choice.delta.content, "string")) return undefined;
  }
  return json as StreamChunk;
}

/** A chunk with neither choices nor usage is not a completion chunk — typically an error sent mid-stream. */
function parseStreamChunk(data: string, secret: string): StreamChunk {
  const json = parseJsonData(data);
  const common = tokenChunk(json);
  if (common) return common;
  const chunk = streamChunkSchema.safeParse(json);
  if (!chunk.success || (!chunk.data.choices && !chunk.data.usage)) {
    throw new VendorError({ code: "invalid_format", detail: vendorMessage(json, secret) });
  }
  return chunk.data;
}

/** The `data` of each server-sent event, in order. */
async function* eventData(response: VendorResponse, signal: AbortSignal): AsyncGenerator<string> {
  const pending: string[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event.data) });
  for await (const text of readTextStream(response, signal)) {
    parser.feed(text);
    yield* pending.splice(0);
  }
}

async function* streamReply(
  request: VendorRequest,
  signal: AbortSignal,
  body: unknown,
): AsyncGenerator<VendorChunk> {
  const response = await postJson(request, body, signal, { bearer: true });
  let finished = false;
  for await (const data of eventData(response, signal)) {
    if (data === "[DONE]") return;
    const chunk = parseStreamChunk(data, request.apiKey);
    const choice = chunk.choices?.[0];
    if (choice?.delta?.content) yield { type: "text", text: choice.delta.content };
    if (choice?.finish_reason) {
      finished = true;
      yield finishChunk(choice.finish_reason);
    }
    if (chunk.usage) yield usageChunk(chunk.usage);
  }
  if (!finished) throw new VendorError({ code: "network", detail: "stream ended early" });
}

async function* wholeReply(
  request: VendorRequest,
  signal: AbortSignal,
  body: unknown,
): AsyncGenerator<VendorChunk> {
  const response = await postJson(request, body, signal, { bearer: true });
  const completion = completionSchema.safeParse(await readJson(response, signal));
  if (!completion.success) {
    throw new VendorError({ code: "invalid_format", detail: "no choices[0].message.content" });
  }
  const [choice] = completion.data.choices;
  if (choice.message.content) yield { type: "text", text: choice.message.content };
  if (choice.finish_reason) yield finishChunk(choice.finish_reason);
  if (completion.data.usage) yield usageChunk(completion.data.usage);
}

export function openAiCompatible(options: { maxTokens?: number; stream: boolean }): VendorAdapter {
  const reply = options.stream ? streamReply : wholeReply;
  return (request, signal) => reply(request, signal, requestBody(request, options));
}
