/**
 * The admin console's gate. Every admin loader calls `requireAdminPage`, every admin action `requireAdminAction`:
 * the layout's check alone would let a direct POST to a child route through.
 */
import { requireAdmin, type SessionUser } from "../auth/session.server";
import { messages } from "../errors/catalogue";
import { isCrossSite } from "~/utils/http.server";

export const requireAdminPage = (request: Request): Promise<SessionUser> => requireAdmin(request);

/**
 * A form post from another site is refused before anything else is read (the web's request guards refuse it
 * first; this keeps the console safe when its actions are called another way).
 */
export function assertSameOrigin(request: Request) {
  if (isCrossSite(request)) throw crossSite();
}

const crossSite = () =>
  new Response(messages.crossSite, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function requireAdminAction(request: Request): Promise<SessionUser> {
  assertSameOrigin(request);
  return requireAdmin(request);
}
