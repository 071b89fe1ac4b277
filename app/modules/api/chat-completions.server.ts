/**
 * The developer API's endpoints (docs/product.md §12), in OpenAI's wire format: `GET /v1/models`,
 * `POST /v1/chat/completions` (whole or streamed) and `GET /v1/completions/{id}/stream` (resume a dropped
 * stream). A request is asked through the chat's own path (a queued completion the worker answers with its
 * vendor walk) and read from the same Redis stream.
 */
import { validate as isUuid, v7 as uuidv7 } from "uuid";
import type { Completion } from "#db/schema";
import type { StreamEntry } from "#contract/jobs";
import { isActive } from "#contract/lifecycle";
import { askFromApi, SendRefusedError } from "../completions/completions.server";
import { AttachmentRefusal, prepareImages } from "../attachments/attachments.server";
import { webEnv } from "~/utils/env.server";
import { requestStops } from "../completions/stop.server";
import { apiTexts, failureMessage, messages } from "../texts/catalogue";
import { rolesOf } from "../auth/users.server";
import { listModels } from "../models/models.server";
import { vendorsServing } from "#db/vendors";
import { untakenOptions, type RequestOption } from "#contract/request-options";
import { serverContext } from "../server-context.server";
import { apiErrorBody, ApiError, type ApiStatus } from "./api-errors";
import { API_HEADERS, COMPLETION_ID_HEADER } from "./api-headers";
import { authenticateApiRequest, type ApiCaller } from "./api-keys.server";
import { chatRequestSchema, describeIssue, type ChatRequest } from "./chat-request";
import { replyEntries } from "../completions/reply-entries.server";
import { SSE_HEADERS } from "../completions/relay.server";
import { resumeOffset } from "../completions/stream-ids";
import { takeApiRequest } from "./rate-limit.server";
import { webLogger } from "~/utils/logger.server";

const CHUNK_PREFIX = "chatcmpl-";

/** What the endpoints read of an API request. */
export interface ApiCall {
  authorization: string | null;
  /** Read only once the caller is known: an unknown caller's body is never read. */
  body: () => Promise<string>;
  /** Aborts when the client leaves. */
  signal: AbortSignal;
  /** The client asked (KEEP_REPLY_HEADER) for the reply to be finished even if it leaves, to resume it later. */
  keepReply: boolean;
}

/**
 * A request header: `true` keeps a reply going when its client leaves, to be read later at
 * `GET /v1/completions/{id}/stream`. Without it, nobody would read what a vendor still writes, so the vendor
 * call is stopped, and what was produced so far is kept and metered.
 */
export const KEEP_REPLY_HEADER = "X-Rogue-Keep-Reply";

/** Stops the reply once its client has gone, unless the reply has ended by then. */
function stopWhenAbandoned(signal: AbortSignal, completionId: string) {
  const stop = async () => {
    const { db, redis } = serverContext();
    const row = await db
      .selectFrom("completions")
      .select("status")
      .where("id", "=", completionId)
      .executeTakeFirst();
    if (row && isActive(row.status)) await requestStops(redis, [completionId]);
  };
  const onAbort = () => {
    stop().catch((error: unknown) =>
      webLogger().warn({ err: error, completionId }, "could not stop an abandoned API reply"),
    );
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
}

/** Every /v1 request: a valid key of a Professional, unbanned account, within its account's rate limit. */
async function caller({ authorization }: ApiCall): Promise<ApiCaller> {
  const caller = await authenticateApiRequest(serverContext().db, authorization);
  await takeApiRequest(caller.user.id);
  return caller;
}

const sessionOf = (caller: ApiCaller) => ({
  user: caller.user,
  roles: caller.roles,
  sessionId: `api-key:${caller.keyId}`,
});

/** A catalogue model as OpenAI describes one. */
const modelObject = (model: { model_id: string }) => ({
  id: model.model_id,
  object: "model",
  created: 0,
  owned_by: "rogue-ai",
});

export async function listApiModels(call: ApiCall): Promise<Response> {
  await caller(call);
  const models = await listModels(serverContext().db);
  return Response.json({ object: "list", data: models.map(modelObject) }, { headers: API_HEADERS });
}

/** GET /v1/models/{id} (the SDKs' `models.retrieve`): one model, or OpenAI's 404 for an unknown id. */
export async function retrieveApiModel(call: ApiCall, modelId: string): Promise<Response> {
  await caller(call);
  const model = (await listModels(serverContext().db)).find((m) => m.model_id === modelId);
  if (!model) throw new ApiError(404, apiTexts.unknownModel(modelId), "model_not_found");
  return Response.json(modelObject(model), { headers: API_HEADERS });
}

function parseBody(body: string): ChatRequest {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ApiError(400, apiTexts.invalidJson, "invalid_json");
  }
  const parsed = chatRequestSchema().safeParse(json);
  if (!parsed.success) {
    const { message, param } = describeIssue(parsed.error);
    throw new ApiError(400, apiTexts.invalidBody(message), "invalid_request", {}, param);
  }
  return parsed.data;
}

/** The chat's refusals (restricted, PRO model, busy service…) in the API's shape. */
function asApiError(error: SendRefusedError): ApiError {
  const codes: Record<SendRefusedError["reason"], string> = {
    restricted: "account_restricted",
    unconfirmed: "email_not_confirmed",
    limit: "plan_limit",
    model: "model_not_allowed",
    setup: "service_not_set_up",
    busy: "service_unavailable",
    inFlight: "too_many_requests_in_flight",
    state: "invalid_request",
    conflict: "conflict",
    tooLong: "context_length_exceeded",
  };
  // OpenAI names the part of the request at fault: for a question over the window, the messages.
  const param = error.reason === "tooLong" ? "messages" : null;
  return new ApiError(error.status, error.message, codes[error.reason], {}, param);
}

/** A refused image (unreadable, too large, or for a model that cannot see) names the messages at fault. */
const imageError = (error: AttachmentRefusal) =>
  new ApiError(error.status, error.message, "invalid_image", {}, "messages");

/** The request's turns with their images checked and read, as the chat's own files are. */
async function withImages(turns: ChatRequest["turns"]) {
  try {
    return await Promise.all(
      turns.map(async ({ images, ...turn }) => ({
        ...turn,
        attachments: images.length ? await prepareImages(images, webEnv().attachments) : [],
      })),
    );
  } catch (error) {
    throw error instanceof AttachmentRefusal ? imageError(error) : error;
  }
}

/**
 * Refuses an option that no vendor serving the model takes: the worker would skip every vendor for it. One
 * that only some take goes ahead, and the worker tries only those.
 */
async function assertOptionsTaken(body: ChatRequest) {
  const vendors = await vendorsServing(serverContext().db, body.model);
  // With no vendor serving the model the reply fails for that reason, not for its options.
  if (vendors.length === 0) return;
  const untaken = (Object.keys(body.options) as RequestOption[]).find((name) =>
    vendors.every((vendor) => untakenOptions(vendor, body.options).includes(name)),
  );
  if (untaken)
    throw new ApiError(400, apiTexts.parameterNotTaken(untaken), "unsupported_parameter", {}, untaken);
}

export async function createChatCompletion(call: ApiCall): Promise<Response> {
  const who = await caller(call);
  const body = parseBody(await call.body());
  if (!(await listModels(serverContext().db)).some((m) => m.model_id === body.model))
    throw new ApiError(404, apiTexts.unknownModel(body.model), "model_not_found");
  await assertOptionsTaken(body);
  const turns = await withImages(body.turns);
  let completionId: string;
  try {
    ({ completionId } = await askFromApi(sessionOf(who), {
      requestId: uuidv7(),
      modelId: body.model,
      turns,
      temperature: body.temperature,
      maxTokens: body.maxTokens,
      requestOptions: body.options,
      apiKeyId: who.keyId,
    }));
  } catch (error) {
    if (error instanceof SendRefusedError) throw asApiError(error);
    throw error instanceof AttachmentRefusal ? imageError(error) : error;
  }
  if (!call.keepReply) stopWhenAbandoned(call.signal, completionId);
  const completion = await findCompletion(who, completionId);
  if (body.stream) return streamResponse(call.signal, completion, 0, body.includeUsage);
  return wholeResponse(call.signal, completion);
}

/**
 * The caller's own API completion; anyone else's, a chat's, and an unknown id are the same 404. An id that is
 * not a UUID cannot match, and is not looked up (PostgreSQL refuses some, e.g. a NUL byte, with an error).
 */
async function findCompletion(who: ApiCaller, id: string): Promise<Completion> {
  const notFound = new ApiError(404, apiTexts.completionNotFound, "completion_not_found");
  const completionId = id.startsWith(CHUNK_PREFIX) ? id.slice(CHUNK_PREFIX.length) : id;
  if (!isUuid(completionId)) throw notFound;
  const completion = await serverContext()
    .db.selectFrom("completions")
    .innerJoin("chat_history", "chat_history.id", "completions.chat_id")
    .selectAll("completions")
    .where("completions.id", "=", completionId)
    .where("completions.user_id", "=", who.user.id)
    .where("chat_history.source", "=", "api")
    .executeTakeFirst();
  if (!completion) throw notFound;
  return completion;
}

/**
 * `GET /v1/completions/{id}/stream`: the reply's chunks after `after` (the request's `Last-Event-ID` or
 * `?after=`), every chunk carrying its offset in the reply as the SSE `id:`, then the finish chunk, the usage
 * chunk and `[DONE]`.
 */
export async function resumeCompletionStream(
  call: ApiCall,
  id: string,
  after: string | null,
): Promise<Response> {
  const who = await caller(call);
  const completion = await findCompletion(who, id);
  return streamResponse(call.signal, completion, resumeOffset(after), true);
}

function envelope(completion: Completion) {
  return {
    id: `${CHUNK_PREFIX}${completion.id}`,
    created: Math.floor(Date.parse(completion.created_at) / 1000),
    model: completion.model_id,
    system_fingerprint: null,
  };
}

/**
 * How a finished reply ended: the vendor's finish reason ("length" when max_tokens cut it; "stop" for a
 * natural end and for a reply stopped part-way) and token counts as the vendor reported them, or, when it
 * reported none, estimated at four characters a token.
 */
async function replyEnding(completionId: string, replyLength: number) {
  const { db } = serverContext();
  const row = await db
    .selectFrom("completions")
    .select(["prompt_tokens", "completion_tokens", "finish_reason", "chat_id"])
    .where("id", "=", completionId)
    .executeTakeFirstOrThrow();
  let prompt = row.prompt_tokens;
  if (prompt === null) {
    const asked = await db
      .selectFrom("chat_messages")
      .select("content")
      .where("chat_id", "=", row.chat_id)
      .where("completion_id", "is", null)
      .execute();
    prompt = Math.ceil(asked.reduce((sum, m) => sum + m.content.length, 0) / 4);
  }
  const completionTokens = row.completion_tokens ?? Math.ceil(replyLength / 4);
  return {
    finishReason: row.finish_reason ?? "stop",
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completionTokens,
      total_tokens: prompt + completionTokens,
    },
  };
}

/**
 * A reply stopped before its end, as an API error: an API caller cannot stop one itself (leaving stops one
 * nobody reads), so it was a ban (403, as the next request would be told) or an operator's stop.
 */
async function stoppedError(completion: Completion): Promise<ApiError> {
  const roles = await rolesOf(serverContext().db, completion.user_id);
  return roles.includes("banned")
    ? new ApiError(403, messages.accountBanned, "account_suspended")
    : new ApiError(409, apiTexts.replyStopped, "reply_stopped");
}

/** An error in the middle of a stream, as OpenAI sends one: an event with the error object and no choices. */
const streamedError = (error: ApiError) => ({
  error: { message: error.message, type: apiErrorBody(error.status, "", null).error.type, code: error.code },
});

/**
 * A failed reply as an API error: a plan refusal (403), an option no vendor tried could take (400, naming it)
 * and a prompt over the model's window (400, with OpenAI's code for it) are the caller's; anything else is the
 * vendors' (502).
 */
function failureError(entry: Extract<StreamEntry, { type: "error" }>): ApiError {
  if (entry.code === "unsupported_parameter")
    return new ApiError(400, failureMessage(entry), entry.code, {}, entry.detail ?? null);
  if (entry.code === "context_length")
    return new ApiError(400, failureMessage(entry), "context_length_exceeded", {}, "messages");
  const status: ApiStatus = entry.code === "plan" ? 403 : 502;
  return new ApiError(status, failureMessage(entry), entry.code);
}

async function wholeResponse(signal: AbortSignal, completion: Completion): Promise<Response> {
  let text = "";
  let terminal: StreamEntry | null = null;
  for await (const [, entry] of await replyEntries(completion, 0, signal)) {
    if (entry.type === "token") text += entry.text;
    else terminal = entry;
  }
  // The client went away before the reply ended; it may still be read at the resume endpoint.
  if (!terminal) return new Response(null, { status: 499 });
  if (terminal.type === "error" || terminal.type === "stopped") {
    const error = terminal.type === "error" ? failureError(terminal) : await stoppedError(completion);
    error.headers[COMPLETION_ID_HEADER] = completion.id;
    throw error;
  }
  const { finishReason, usage } = await replyEnding(completion.id, text.length);
  return Response.json(
    {
      ...envelope(completion),
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text, refusal: null },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage,
    },
    { headers: { ...API_HEADERS, [COMPLETION_ID_HEADER]: completion.id } },
  );
}

async function streamResponse(
  signal: AbortSignal,
  completion: Completion,
  from: number,
  includeUsage: boolean,
): Promise<Response> {
  const encoder = new TextEncoder();
  const base = { ...envelope(completion), object: "chat.completion.chunk" };
  const chunk = (delta: object, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const event = (offset: number | null, data: unknown) =>
    encoder.encode(`${offset === null ? "" : `id: ${offset}\n`}data: ${JSON.stringify(data)}\n\n`);
  const entries = await replyEntries(completion, from, signal);

  async function* events(): AsyncGenerator<Uint8Array> {
    if (from === 0) yield event(null, chunk({ role: "assistant", content: "" }));
    for await (const [offset, entry] of entries) {
      if (entry.type === "token") {
        yield event(offset, chunk({ content: entry.text }));
        continue;
      }
      if (entry.type === "error") {
        yield event(offset, streamedError(failureError(entry)));
      } else if (entry.type === "stopped") {
        // Not finish_reason "stop": the client would take a cut reply for a whole one.
        yield event(offset, streamedError(await stoppedError(completion)));
      } else {
        const { finishReason, usage } = await replyEnding(completion.id, offset);
        yield event(offset, chunk({}, finishReason));
        if (includeUsage) yield event(null, { ...base, choices: [], usage });
      }
      yield encoder.encode("data: [DONE]\n\n");
      return;
    }
  }

  const iterator = events();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return new Response(body, { headers: { ...SSE_HEADERS, [COMPLETION_ID_HEADER]: completion.id } });
}
