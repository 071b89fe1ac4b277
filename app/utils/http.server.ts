import { messages } from "~/modules/texts/catalogue";
import { webLogger } from "~/utils/logger.server";

/** Joins header sets, keeping every Set-Cookie (a session and a toast can both be set by one response). */
export function combineHeaders(...sets: (HeadersInit | null | undefined)[]): Headers {
  const combined = new Headers();
  for (const set of sets) {
    if (!set) continue;
    new Headers(set).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}

export function notFound(message = "Not found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Where an event stream's reader resumes: its Last-Event-ID, or for a client that cannot set that header, the
 * query parameter `param`.
 */
export const lastEventId = (request: Request, param: string) =>
  request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get(param);

/** The request's real scheme decides the Secure flag, so plain-http `npm start` on localhost keeps its cookies. */
export const isSecureRequest = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * A form post from another site (CSRF) is refused: browsers say where a request comes from in Sec-Fetch-Site
 * and Origin. Requests without either (curl, server-to-server webhooks) are not browser posts from elsewhere.
 */
export function comesFromAnotherSite(headers: {
  secFetchSite: string | null | undefined;
  origin: string | null | undefined;
  selfOrigin: string;
}): boolean {
  if (headers.secFetchSite === "cross-site" || headers.secFetchSite === "same-site") return true;
  if (headers.origin === undefined || headers.origin === null) return false;
  // A malformed or "null" Origin is never this site's.
  return headers.origin !== headers.selfOrigin;
}

export const isCrossSite = (request: Request) =>
  comesFromAnotherSite({
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    origin: request.headers.get("Origin"),
    selfOrigin: new URL(request.url).origin,
  });

/**
 * The request's form data; a body that cannot be read as a form (a broken multipart body, say) is the
 * client's mistake, answered 400 with the catalogue's text, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (request.signal.aborted) throw error;
    // No path: it may hold a secret id (a share link's); the request's own log line names its route pattern.
    webLogger().warn({ err: error }, "unreadable form body");
    throw malformedForm();
  }
  // No keyboard types a NUL, and PostgreSQL cannot store one in text: a form carrying one is refused whole.
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) throw malformedForm();
  }
  return form;
}

const malformedForm = () =>
  new Response(messages.malformedForm, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
