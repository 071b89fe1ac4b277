/**
 * The admin console's gate. Every admin loader calls `requireAdminPage`, every admin action `requireAdminAction`
 * (a screen's route wraps its handlers in `adminLoader` and `adminAction`, which do it first): the layout's
 * check alone would let a direct POST to a child route through.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { SessionUser } from "~/modules/auth/session.server";
import { requireAdmin } from "~/routes-support/auth.server";
import { messages } from "~/modules/texts/catalogue";
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

/** An admin screen's loader: the gate, then what the screen reads. */
export const adminLoader =
  <T>(load: (args: LoaderFunctionArgs) => T) =>
  async (args: LoaderFunctionArgs) => {
    await requireAdminPage(args.request);
    return load(args);
  };

/**
 * An admin screen's action: the gate, then the screen's answer, as that admin, with the request's load context
 * (the client's IP for the audit log; where a failure toast waits for the page).
 */
export const adminAction =
  <T>(
    answer: (
      request: Request,
      admin: SessionUser,
      context: AppLoadContext,
      params: ActionFunctionArgs["params"],
    ) => T,
  ) =>
  async ({ request, params, context }: ActionFunctionArgs) => {
    const admin = await requireAdminAction(request);
    return answer(request, admin, context, params);
  };
