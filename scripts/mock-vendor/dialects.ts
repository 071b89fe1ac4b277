/**
 * Each vendor's wire format: where it listens, how it reads the key and the model, and how it answers, as an
 * event stream or one body. Together, Novita and OpenAI share the OpenAI chat-completions format; ModelsLab
 * has its own. What the reply says (and when it breaks) comes from the behaviour in faults.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { countTokens } from "gpt-tokenizer";
import { z } from "zod";
import { isStreamFault, MOCK_VENDORS, type MockBehaviour, type MockVendorName } from "./faults";
import { cutOff, sendJson, sendText } from "./http";
import { callOptionsSchema, cutAtStop, jsonReply, piecesOf, seededWords, type CallOptions } from "./options";
import { playSteps, SseWriter } from "./sse";

export const VENDOR_PATHS: Record<MockVendorName, string> = {
  together: "/together/v1/chat/completions",
  novita: "/novita/v3/openai/chat/completions",
  openai: "/openai/v1/chat/completions",
  modelslab: "/modelslab/api/v6/llm/uncensored_chat",
};
export const vendorByPath = new Map(MOCK_VENDORS.map((vendor) => [VENDOR_PATHS[vendor], vendor]));

/** OpenAI's model list beside each chat-completions path (`…/v1/models`); ModelsLab has none. */
export const vendorByModelsPath = new Map(
  MOCK_VENDORS.filter((vendor) => VENDOR_PATHS[vendor].endsWith("/chat/completions")).map((vendor) => [
    VENDOR_PATHS[vendor].replace(/\/chat\/completions$/, "/models"),
    vendor,
  ]),
);

/** The list as each vendor answers it: Together sends the bare array, the others OpenAI's `{data}`. */
export function modelListBody(vendor: MockVendorName, models: string): unknown {
  const data = models
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => ({ id, object: "model", created: 0, owned_by: vendor }));
  return vendor === "together" ? data : { object: "list", data };
}

/**
 * A turn's content: a string, or OpenAI's parts, whose text is read as the turn's words and whose images
 * (`image_url` parts with a data URL, as vision models take them) are only checked to be images.
 */
const turnContent = z.union([
  z.string(),
  z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("text"), text: z.string() }),
        z.object({
          type: z.literal("image_url"),
          image_url: z.object({
            url: z.string().regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/),
          }),
        }),
      ]),
    )
    .transform((parts) => parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("")),
]);

// Lenient on purpose: the mock answers whatever a client sends, as long as the body is a JSON object.
export const chatCallSchema = z
  .object({
    model: z.string().catch(""),
    model_id: z.string().catch(""),
    key: z.string().catch(""),
    messages: z.array(z.object({ role: z.string(), content: turnContent })).catch([]),
    stream: z.boolean().catch(false),
    max_tokens: z.number().int().positive().optional().catch(undefined),
  })
  .merge(callOptionsSchema);
export type ChatCall = z.infer<typeof chatCallSchema>;
export type Turn = ChatCall["messages"][number];

// Multi-byte words on purpose: a client that decodes UTF-8 per network read garbles them.
const VOCABULARY = ["Hello", "wörld", "世界", "🙂", "naïve", "façade", "Ωmega", "—", "日本語", "👩‍💻"];

/** The text cut into pieces of max/2 to max characters in turn (whole code points). */
function fixedPieces(text: string, max: number): string[] {
  const characters = Array.from(text);
  const shortest = Math.ceil(max / 2);
  const pieces: string[] = [];
  for (let at = 0, turn = 0; at < characters.length; turn += 1) {
    const length = shortest + (turn % (max - shortest + 1));
    pieces.push(characters.slice(at, at + length).join(""));
    at += length;
  }
  return pieces;
}

/**
 * The whole reply: the behaviour's exact text (a word a piece, or pieces of `pieceChars`), or else words of the
 * vocabulary (in order, or drawn by the call's seed), as JSON when the call asks for a JSON response format.
 */
export function replyPieces(
  vendor: MockVendorName,
  behaviour: MockBehaviour,
  options: Partial<CallOptions> = {},
): string[] {
  if (behaviour.reply !== undefined) {
    if (behaviour.pieceChars > 0) return fixedPieces(behaviour.reply, behaviour.pieceChars);
    return behaviour.reply.match(/\s*\S+|\s+$/gu) ?? [];
  }
  const words =
    options.seed === undefined
      ? Array.from({ length: behaviour.tokens }, (_, i) => VOCABULARY[i % VOCABULARY.length]!)
      : seededWords(VOCABULARY, behaviour.tokens, options.seed);
  const pieces = [`Mock ${vendor} reply:`, ...words.map((word) => ` ${word}`)];
  const json = jsonReply({ n: 1, ...options }, pieces.join(""));
  return json === undefined ? pieces : piecesOf(json);
}

/** The pieces left once `sent` (a reply cut off earlier) is dropped from the front, if the reply has it. */
export function continuationPieces(pieces: string[], sent: string): string[] {
  if (!pieces.join("").startsWith(sent)) return pieces;
  const rest: string[] = [];
  let skip = sent.length;
  for (const piece of pieces) {
    if (skip >= piece.length) skip -= piece.length;
    else {
      rest.push(piece.slice(skip));
      skip = 0;
    }
  }
  return rest;
}

/**
 * A reply ended as a vendor ends it: before the call's first stop sequence, then cut at its max_tokens (a piece
 * is a token, finish_reason "length").
 */
export function endPieces(
  pieces: string[],
  call: Partial<Pick<ChatCall, "stop" | "max_tokens">>,
): Pick<Reply, "pieces" | "finishReason"> {
  return capPieces(cutAtStop(pieces, call.stop).pieces, call.max_tokens);
}

function capPieces(pieces: string[], maxTokens: number | undefined): Pick<Reply, "pieces" | "finishReason"> {
  if (maxTokens === undefined || pieces.length <= maxTokens) return { pieces, finishReason: "stop" };
  return { pieces: pieces.slice(0, maxTokens), finishReason: "length" };
}

/** A prompt's tokens as OpenAI counts a chat: 3 per message for its format, and 3 that start the reply. */
export const promptTokens = (messages: Turn[]) =>
  messages.reduce((total, turn) => total + countTokens(turn.content) + 3, 3);

export const lastUserMessage = (messages: Turn[]) =>
  messages.findLast((turn) => turn.role === "user")?.content;

export function bearerKey(header: string | undefined): string {
  return header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? "";
}

let completionCounter = 0;
const completionId = () => `mock-${Date.now().toString(36)}-${(completionCounter += 1)}`;

const countWords = (messages: Turn[]) =>
  messages.reduce((total, turn) => total + (turn.content.match(/\S+/g)?.length ?? 0), 0);

export interface Reply {
  call: ChatCall;
  behaviour: MockBehaviour;
  pieces: string[];
  finishReason: "stop" | "length";
  /** Set when the behaviour names a gate: resolves once a test opens it. */
  gateOpened?: Promise<void>;
}

function usageOf(reply: Reply) {
  const promptTokens = countWords(reply.call.messages);
  const completionTokens = reply.pieces.length;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function streamChatCompletion(response: ServerResponse, reply: Reply) {
  const { behaviour } = reply;
  response.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache",
  });
  response.flushHeaders();
  const sse = new SseWriter(response, behaviour);
  const created = Math.floor(Date.now() / 1000);
  const envelope = `"id":"${completionId()}","object":"chat.completion.chunk","created":${created}`;
  const model = JSON.stringify(reply.call.model);
  const chunkStart = (choice: number) =>
    `{${envelope},"model":${model},"choices":[{"index":${choice},"delta":{`;
  const chunkEnd = `},"finish_reason":null}]}`;
  // With n choices, each step sends one chunk per choice, as OpenAI does.
  const choices = Array.from({ length: reply.call.n }, (_, choice) => choice);
  const tokens = reply.pieces.length > 0 ? reply.pieces : [""];
  const steps = isStreamFault(behaviour.fault)
    ? Math.min(behaviour.faultAfterTokens, tokens.length)
    : tokens.length;
  const sendToken = (index: number) => {
    const role = index === 0 ? `"role":"assistant",` : "";
    for (const choice of choices)
      sse.event(`${chunkStart(choice)}${role}"content":${JSON.stringify(tokens[index] ?? "")}${chunkEnd}`);
  };
  const finish = () => {
    if (behaviour.fault === "stall") return;
    if (behaviour.fault === "cutoff") return sse.cutOff();
    if (behaviour.fault === "malformed") sse.event("{broken");
    else {
      for (const choice of choices)
        sse.event(`${chunkStart(choice)}},"finish_reason":"${reply.finishReason}"}]}`);
      if (behaviour.usage) sse.event(`{${envelope},"choices":[],"usage":${JSON.stringify(usageOf(reply))}}`);
      sse.event("[DONE]");
    }
    sse.end();
  };
  playSteps(
    response,
    { firstDelayMs: behaviour.ttftMs, intervalMs: behaviour.tokenMs },
    steps,
    sendToken,
    finish,
    reply.gateOpened && { afterSteps: behaviour.gateAfterTokens, until: reply.gateOpened },
  );
}

/** Answers in one body after the time the reply would have taken to stream. */
function answerWhole(response: ServerResponse, reply: Reply, body: () => unknown, malformedBody: string) {
  const { behaviour } = reply;
  if (behaviour.fault === "stall") return;
  const timer = setTimeout(
    () => {
      if (behaviour.fault === "cutoff") cutOff(response);
      else if (behaviour.fault === "malformed") sendText(response, 200, malformedBody);
      else sendJson(response, 200, body());
    },
    behaviour.ttftMs + reply.pieces.length * behaviour.tokenMs,
  );
  response.once("close", () => clearTimeout(timer));
}

const replyText = (reply: Reply) => reply.pieces.join("");

function answerChatCompletion(response: ServerResponse, reply: Reply) {
  if (reply.call.stream) return streamChatCompletion(response, reply);
  const body = () => ({
    id: completionId(),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: reply.call.model,
    choices: Array.from({ length: reply.call.n }, (_, index) => ({
      index,
      message: { role: "assistant", content: replyText(reply) },
      finish_reason: reply.finishReason,
    })),
    usage: usageOf(reply),
  });
  answerWhole(response, reply, body, `{"id":"${completionId()}","choices":[{"message":`);
}

function answerModelslab(response: ServerResponse, reply: Reply) {
  const body = () =>
    reply.behaviour.modelslabShape === "choices"
      ? { choices: [{ message: { role: "assistant", content: replyText(reply) } }] }
      : { status: "success", output: replyText(reply) };
  answerWhole(response, reply, body, `{"status":"success"}`);
}

/** What differs between the OpenAI-style formats and ModelsLab's. */
export interface Dialect {
  keyOf(request: IncomingMessage, call: ChatCall): string;
  errorBody(message: string): unknown;
  /** A prompt over the model's window, refused as the vendor refuses it. */
  contextLengthBody(window: number, tokens: number): unknown;
  missingKeyMessage: string;
  invalidKeyMessage: string;
  model(call: ChatCall): string;
  answer(response: ServerResponse, reply: Reply): void;
}

const contextLengthMessage = (window: number, tokens: number) =>
  `This model's maximum context length is ${window} tokens. However, your messages resulted in ${tokens} tokens. Please reduce the length of the messages.`;

const openAiDialect: Dialect = {
  keyOf: (request) => bearerKey(request.headers.authorization),
  errorBody: (message) => ({ error: { message } }),
  contextLengthBody: (window, tokens) => ({
    error: {
      message: contextLengthMessage(window, tokens),
      type: "invalid_request_error",
      param: "messages",
      code: "context_length_exceeded",
    },
  }),
  missingKeyMessage: "Missing API key",
  invalidKeyMessage: "Invalid API key",
  model: (call) => call.model,
  answer: answerChatCompletion,
};

const modelslabDialect: Dialect = {
  keyOf: (_request, call) => call.key,
  errorBody: (message) => ({ status: "error", message }),
  contextLengthBody: (window, tokens) => ({ status: "error", message: contextLengthMessage(window, tokens) }),
  missingKeyMessage: "Missing key",
  invalidKeyMessage: "Invalid key",
  model: (call) => call.model_id,
  answer: answerModelslab,
};

export const dialectFor = (vendor: MockVendorName): Dialect =>
  vendor === "modelslab" ? modelslabDialect : openAiDialect;
