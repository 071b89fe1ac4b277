/**
 * The developer API's refusals in OpenAI's error shape, `{"error":{"message","type","code"}}`, so the official
 * SDKs map each status to their own exception (401 AuthenticationError, 403 PermissionDeniedError, 404
 * NotFoundError, 400 BadRequestError, 429 RateLimitError). Messages come from the catalogue (apiTexts).
 */
import { Refusal } from "../errors/refusal";
import { apiTexts } from "../texts/catalogue";
import { API_HEADERS } from "./api-headers";

export type ApiStatus = 400 | 401 | 403 | 404 | 405 | 409 | 411 | 413 | 415 | 429 | 500 | 502 | 503;

/** OpenAI's `type` for each status. */
const TYPES: Record<ApiStatus, string> = {
  400: "invalid_request_error",
  401: "invalid_request_error",
  403: "permission_error",
  404: "invalid_request_error",
  405: "invalid_request_error",
  409: "invalid_request_error",
  411: "invalid_request_error",
  413: "invalid_request_error",
  415: "invalid_request_error",
  429: "rate_limit_error",
  500: "server_error",
  502: "server_error",
  503: "server_error",
};

export class ApiError extends Refusal<ApiStatus> {
  constructor(
    status: ApiStatus,
    message: string,
    readonly code: string | null,
    readonly headers: Record<string, string> = {},
    /** The request parameter at fault, as OpenAI names it (`stop`, `messages[2].role`). */
    readonly param: string | null = null,
  ) {
    super(message, status);
  }
}

/** The error body OpenAI's clients read. */
export function apiErrorBody(
  status: ApiStatus,
  message: string,
  code: string | null,
  param: string | null = null,
) {
  return { error: { message, type: TYPES[status], param, code } };
}

export function apiErrorResponse(error: ApiError): Response {
  return Response.json(apiErrorBody(error.status, error.message, error.code, error.param), {
    status: error.status,
    headers: { ...API_HEADERS, ...error.headers },
  });
}

/** Runs a /v1 handler: its ApiErrors become their JSON answer; anything else is a bug and propagates (500). */
export async function answerApi(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof ApiError) return apiErrorResponse(error);
    throw error;
  }
}

/** A /v1 endpoint asked with a method it does not take: 405 in OpenAI's shape, with the methods it does take. */
export const methodNotAllowed = (allow: string) => () =>
  answerApi(() =>
    Promise.reject(new ApiError(405, apiTexts.methodNotAllowed, "method_not_allowed", { Allow: allow })),
  );
