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
  if (!headers.origin) return false;
  return headers.origin === "null" || headers.origin !== headers.selfOrigin;
}

export const isCrossSite = (request: Request) =>
  comesFromAnotherSite({
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    origin: request.headers.get("Origin"),
    selfOrigin: new URL(request.url).origin,
  });
