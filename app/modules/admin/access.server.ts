/**
 * The admin console's gate. Every admin loader calls `requireAdminPage`, every admin action `requireAdminAction`:
 * the layout's check alone would let a direct POST to a child route through.
 */
import { requireAdmin, type SessionUser } from "../auth/session.server";
import { adminTexts } from "../errors/catalogue";

export const requireAdminPage = (request: Request): Promise<SessionUser> => requireAdmin(request);

/**
 * A form post from another site is refused before anything else is read: the session cookie is SameSite=Lax,
 * but a same-site sibling origin or an old browser would still send it.
 */
export function assertSameOrigin(request: Request) {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") throw crossSite();
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(request.url).origin) throw crossSite();
}

const crossSite = () =>
  new Response(adminTexts.crossSite, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function requireAdminAction(request: Request): Promise<SessionUser> {
  assertSameOrigin(request);
  return requireAdmin(request);
}
