/**
 * Checks every request passes before the Remix app reads it: one place, so no route, data request
 * (`.data`) or resource route can forget them.
 * - A state-changing request (anything but GET, HEAD, OPTIONS) from another origin is refused with 403:
 *   its Origin must be this site's, a malformed or "null" Origin counts as foreign, and without an Origin a
 *   browser's Sec-Fetch-Site must not say the request is cross-site.
 * - A body is capped by its declared length before a byte of it is read (413); one without a declared length
 *   is refused (411), so nothing is ever read whole beyond the cap.
 * - A body that is not form data is refused (415): every action reads forms.
 */
import type { NextFunction, Request, Response } from "express";
import { MAX_MESSAGE_BYTES } from "~/modules/completions/chat-intents.server";
import { messages } from "~/modules/errors/catalogue";

export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * The chat screen's forms carry a message of up to MAX_MESSAGE_BYTES; URL-encoding can triple its size
 * (every non-ASCII byte becomes "%XX"), and the other fields fit in a form's usual cap.
 */
export const CHAT_BODY_LIMIT = 3 * MAX_MESSAGE_BYTES + FORM_BODY_LIMIT;
const CHAT_FORM_PATH = /^\/chat(\/[^/]+)?(\.data)?\/?$/;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export function bodyLimitFor(path: string): number {
  return CHAT_FORM_PATH.test(path) ? CHAT_BODY_LIMIT : FORM_BODY_LIMIT;
}

/** True when the request's Origin is exactly this site's; a missing Origin defers to Sec-Fetch-Site. */
export function isSameOrigin(req: Request, trustProxy: boolean): boolean {
  const origin = req.get("origin");
  if (origin === undefined) {
    const site = req.get("sec-fetch-site");
    return site === undefined || site === "same-origin" || site === "none";
  }
  const host = (trustProxy && req.get("x-forwarded-host")?.split(",")[0]?.trim()) || req.get("host");
  if (!host) return false;
  try {
    const parsed = new URL(origin);
    return parsed.origin === origin && origin === `${req.protocol}://${host}`;
  } catch {
    return false;
  }
}

function refuse(res: Response, status: number, text: string) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", Connection: "close" }).send(text);
}

export function requestGuards({ trustProxy }: { trustProxy: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!isSameOrigin(req, trustProxy)) return refuse(res, 403, messages.crossSite);
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding") !== undefined) return refuse(res, 411, messages.lengthRequired);
      return next();
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(res, 400, messages.malformedForm);
    if (length > bodyLimitFor(req.path)) return refuse(res, 413, messages.requestTooLarge);
    if (length === 0) return next();
    const type = req.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (!type || !FORM_TYPES.has(type)) return refuse(res, 415, messages.unsupportedBody);
    next();
  };
}
