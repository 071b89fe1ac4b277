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
 * and Origin. Requests without either (curl, server-to-server) are not browser form posts from elsewhere.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  return origin !== new URL(request.url).origin;
}
