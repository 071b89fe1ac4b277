import type { LoaderFunctionArgs } from "@remix-run/node";
import { startSso } from "~/routes-support/sso.server";
import { safeRedirect } from "~/utils/redirect";

/**
 * 'Continue with …' is a plain link: a form could not follow the redirect to the provider, which the page's
 * Content-Security-Policy (form-action 'self') holds a form's redirects to. Starting a sign-in changes nothing
 * here; only the answer to one this browser started signs anyone in (the state check).
 */
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  startSso(
    request,
    params.provider!,
    safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/chat"),
    context.clientIp,
  );
