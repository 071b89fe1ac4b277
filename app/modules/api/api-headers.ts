/**
 * The headers of the developer API's answers (docs/product.md §12), CORS included: a page on any origin may
 * call /v1, as OpenAI's API allows. That is safe because /v1 authenticates only by the bearer key a page
 * must send itself: no cookie is read and no credentials are allowed, so another site can do nothing with
 * a visitor's session (docs/security.md).
 */

export const API_HEADERS = { "Cache-Control": "no-store" };

/** The header naming a reply's completion, for the resume endpoint. */
export const COMPLETION_ID_HEADER = "X-Rogue-Completion-Id";

/** On every /v1 answer, refusals included, so a page can read the error and these headers. */
export const API_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": `${COMPLETION_ID_HEADER}, Retry-After, X-Request-Id`,
};

/** The headers a page's request may carry: these, and whatever else its client names (the SDKs add their own). */
const ALLOWED_HEADERS = "Authorization, Content-Type, Last-Event-ID, X-Rogue-Keep-Reply";
const HEADER_LIST = /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/;

/** The answer to a preflight (`OPTIONS` with Access-Control-Request-Headers, if any). */
export function apiPreflightHeaders(requestedHeaders: string | undefined): Record<string, string> {
  const requested = requestedHeaders?.trim();
  return {
    ...API_CORS_HEADERS,
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers":
      requested && HEADER_LIST.test(requested) ? `${ALLOWED_HEADERS}, ${requested}` : ALLOWED_HEADERS,
    "Access-Control-Max-Age": "600",
  };
}
