/**
 * The transport every vendor adapter shares: one JSON POST, its body read as JSON or as a stream of decoded
 * text, and every way that can fail turned into a VendorError. An abort is the one failure passed through as
 * is (the signal's reason), so the caller can tell a stop or timeout apart from a vendor failure.
 *
 * undici's `request` rather than `fetch`, which is built on the same undici: without fetch's WHATWG streams a
 * call to the mock vendor took about half the CPU, reached its first chunk ~0.6 ms sooner, and an open reply
 * held ~10 KiB of heap instead of ~31 KiB (ADR 0014).
 */
import { STATUS_CODES } from "node:http";
import { request as undiciRequest, type Dispatcher } from "undici";
import { z } from "zod";
import type { Failure } from "#contract/jobs";
import { assertExternalLiteral, externalOnly } from "./reach";
import { VendorError, type VendorRequest } from "./types";

const DETAIL_LIMIT = 300;

const errorBodySchema = z.union([
  z.object({ error: z.object({ message: z.string() }) }).transform((body) => body.error.message),
  z.object({ error: z.string() }).transform((body) => body.error),
  z.object({ message: z.string() }).transform((body) => body.message),
]);

/** Vendors sometimes echo the key they were sent; it must not travel on into failure details. */
function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join("[redacted]") : text;
}

const truncate = (text: string) => (text.length > DETAIL_LIMIT ? text.slice(0, DETAIL_LIMIT) : text);

/** The error message of a vendor's JSON body, redacted and truncated, when it has one. */
export function vendorMessage(body: unknown, secret: string): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? truncate(redact(parsed.data, secret)) : undefined;
}

export const mentionsModel = (message: string | undefined) => message !== undefined && /model/i.test(message);

export function statusFailure(status: number, message: string | undefined, statusText = ""): Failure {
  if (status === 404) return { code: "not_found", status, detail: message };
  if (status === 401 || status === 403) return { code: "auth", status, detail: message };
  if (mentionsModel(message)) return { code: "model", status, detail: message };
  if (status === 400) return { code: "bad_request", status, detail: message };
  return { code: "http", status, detail: message ?? (statusText || undefined) };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A short, key-free reason for a transport failure, e.g. "ECONNREFUSED" or "other side closed". */
function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
  return truncate(cause instanceof Error ? cause.message : String(cause));
}

/** Runs one network step; its failure becomes the abort (if the signal fired) or a network VendorError. */
async function overNetwork<T>(signal: AbortSignal, step: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await step();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new VendorError({ code: "network", detail: networkReason(error) });
  }
  signal.throwIfAborted();
  return result;
}

/** A vendor's answer: its status and its body, read once. */
export type VendorResponse = Dispatcher.ResponseData;

async function readText(response: VendorResponse, signal: AbortSignal): Promise<string> {
  return overNetwork(signal, () => response.body.text());
}

/**
 * Sends one request to `url` and returns the response once it is known to be a success (2xx); any other
 * status becomes the VendorError its status and error message call for.
 */
async function send(
  request: VendorRequestTarget,
  url: string,
  init: { method: "GET" | "POST"; body?: string },
  signal: AbortSignal,
  options: { bearer: boolean },
): Promise<VendorResponse> {
  const headers: Record<string, string> = { "X-Request-ID": request.requestId };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.bearer && request.apiKey) headers.Authorization = `Bearer ${request.apiKey}`;
  // undici's request never follows a redirect: one could send the key, or the request, to an address the
  // console would refuse. A 3xx is a failure like any other status that is not 2xx.
  const dispatcherInit = request.internalAllowed ? {} : { dispatcher: externalOnly };
  const response = await overNetwork(signal, async () => {
    if (!request.internalAllowed) assertExternalLiteral(url);
    return undiciRequest(url, { ...init, headers, signal, ...dispatcherInit });
  });
  if (response.statusCode >= 200 && response.statusCode < 300) return response;
  const errorBody = parseJson(await readText(response, signal));
  const message = errorBody.ok ? vendorMessage(errorBody.value, request.apiKey) : undefined;
  throw new VendorError(statusFailure(response.statusCode, message, STATUS_CODES[response.statusCode]));
}

/** What a request needs of a VendorRequest to reach the vendor: no model, no messages. */
export type VendorRequestTarget = Pick<
  VendorRequest,
  "requestId" | "endpointUrl" | "internalAllowed" | "apiKey"
>;

/** POSTs `body` as JSON to the vendor's endpoint (see `send`). */
export function postJson(
  request: VendorRequest,
  body: unknown,
  signal: AbortSignal,
  options: { bearer: boolean },
): Promise<VendorResponse> {
  return send(request, request.endpointUrl, { method: "POST", body: JSON.stringify(body) }, signal, options);
}

/** GETs `url` (an address beside the vendor's endpoint) with the vendor's key, and reads its JSON. */
export async function getJson(
  request: VendorRequestTarget,
  url: string,
  signal: AbortSignal,
): Promise<unknown> {
  return readJson(await send(request, url, { method: "GET" }, signal, { bearer: true }), signal);
}

export async function readJson(response: VendorResponse, signal: AbortSignal): Promise<unknown> {
  const body = parseJson(await readText(response, signal));
  if (!body.ok) throw new VendorError({ code: "invalid_json", detail: "response body is not JSON" });
  return body.value;
}

/**
 * The body as text, piece by piece as it arrives. The stream decodes it, so a multi-byte character split
 * between two reads comes out whole.
 */
export async function* readTextStream(response: VendorResponse, signal: AbortSignal): AsyncGenerator<string> {
  const { body } = response;
  body.setEncoding("utf8");
  const pieces = body[Symbol.asyncIterator]() as AsyncIterator<string>;
  try {
    for (;;) {
      const { done, value } = await overNetwork(signal, () => pieces.next());
      if (done) break;
      if (value) yield value;
    }
  } finally {
    // Releases the connection when the consumer stops early; a body that already ended is left as it is.
    body.destroy();
  }
}
