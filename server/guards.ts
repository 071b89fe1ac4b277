/**
 * Checks every request passes before the Remix app reads it: one place, so no route, data request
 * (`.data`) or resource route can forget them.
 * - A state-changing request (anything but GET, HEAD, OPTIONS) from another origin is refused with 403:
 *   its Origin must be this site's, a malformed or "null" Origin counts as foreign, and without an Origin a
 *   browser's Sec-Fetch-Site must not say the request is cross-site.
 * - A body is capped by its declared length before a byte of it is read (413); one without a declared length
 *   is refused (411), so nothing is ever read whole beyond the cap. The chat's forms may carry files besides.
 * - A body that is not form data is refused (415): every action reads forms, but for the few endpoints that
 *   take JSON from servers (the payment provider's webhook).
 * - The developer API (/v1) is the exception: it authenticates by a bearer key, never by cookie, so a request
 *   from any origin is fine (a browser cannot attach the key by itself); it takes JSON, up to API_BODY_LIMIT,
 *   and its refusals are JSON in OpenAI's error shape (docs/product.md §12). Every /v1 answer, these refusals
 *   included, carries CORS headers, and a browser's preflight (OPTIONS) is answered here with 204.
 */
import type { NextFunction, Request, Response } from "express";
import { MAX_MESSAGE_BYTES } from "~/routes-support/chat-intents.server";
import { apiErrorBody, type ApiStatus } from "~/modules/api/api-errors";
import { API_CORS_HEADERS, apiPreflightHeaders } from "~/modules/api/api-headers";
import { messages } from "~/modules/texts/catalogue";
import { comesFromAnotherSite } from "~/utils/http.server";

export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * The chat screen's forms carry a message of up to MAX_MESSAGE_BYTES; URL-encoding can triple its size
 * (every non-ASCII byte becomes "%XX"), and the other fields fit in a form's usual cap.
 */
export const CHAT_BODY_LIMIT = 3 * MAX_MESSAGE_BYTES + FORM_BODY_LIMIT;
/** The chat's pages (their forms, and the script's `.data` posts) and the script's send answered as a stream. */
const CHAT_FORM_PATH = /^\/(chat|api\/chat-send)(\/[^/]+)?(\.data)?\/?$/;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const JSON_ENDPOINTS = new Set(["/api/stripe/webhook"]);

/** A request may hold up to 200 messages; at most this many bytes of JSON in all. */
export const API_BODY_LIMIT = 1024 * 1024;
const isApiPath = (path: string) => path === "/v1" || path.startsWith("/v1/");

/**
 * `chatFileBytes`: what a message may carry in attached files besides (docs/product.md §14): in the chat's
 * forms as bytes, in an API request as the base64 of its images (a third more).
 */
export function bodyLimitFor(path: string, chatFileBytes = 0): number {
  if (isApiPath(path)) return API_BODY_LIMIT + Math.ceil((chatFileBytes * 4) / 3);
  return CHAT_FORM_PATH.test(path) ? CHAT_BODY_LIMIT + chatFileBytes : FORM_BODY_LIMIT;
}

/** True when the request comes from this site's own pages (or from no browser page at all). */
export function isSameOrigin(req: Request, trustProxy: boolean): boolean {
  const host = (trustProxy && req.get("x-forwarded-host")?.split(",")[0]?.trim()) || req.get("host");
  return !comesFromAnotherSite({
    secFetchSite: req.get("sec-fetch-site"),
    origin: req.get("origin"),
    selfOrigin: host ? `${req.protocol}://${host}` : "",
  });
}

function refuse(res: Response, status: ApiStatus, text: string, api = false) {
  res.status(status).set({ Connection: "close" });
  if (api) res.json(apiErrorBody(status, text, "invalid_request"));
  else res.set("Content-Type", "text/plain; charset=utf-8").send(text);
}

export function requestGuards({
  trustProxy,
  chatFileBytes = 0,
}: {
  trustProxy: boolean;
  chatFileBytes?: number;
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const api = isApiPath(req.path);
    if (api && req.method === "OPTIONS") {
      return res
        .status(204)
        .set(apiPreflightHeaders(req.get("access-control-request-headers")))
        .end();
    }
    if (api) res.set(API_CORS_HEADERS);
    if (SAFE_METHODS.has(req.method)) return next();
    if (!api && !isSameOrigin(req, trustProxy)) return refuse(res, 403, messages.crossSite);
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding") !== undefined) return refuse(res, 411, messages.lengthRequired, api);
      return next();
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(res, 400, messages.malformedForm, api);
    if (length > bodyLimitFor(req.path, chatFileBytes))
      return refuse(res, 413, messages.requestTooLarge, api);
    if (length === 0) return next();
    const type = req.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    const json = type === "application/json" && (api || JSON_ENDPOINTS.has(req.path));
    const accepted = type && (json || (!api && FORM_TYPES.has(type)));
    if (!accepted) return refuse(res, 415, api ? messages.apiJsonOnly : messages.unsupportedBody, api);
    next();
  };
}
