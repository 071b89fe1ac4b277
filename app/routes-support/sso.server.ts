/**
 * Single sign-on for the routes (/auth/<provider> and its callback): what the browser carries between the
 * start and the provider's answer is a signed, httpOnly cookie, scoped to /auth and living ten minutes (the
 * state, the nonce and the PKCE verifier; docs/security.md 'Single sign-on'). It is read once: the callback
 * clears it, whatever the answer.
 */
import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { finishSignin, SsoError, startSignin, type PendingSignin } from "~/modules/auth/sso.server";
import { db } from "~/modules/server-context.server";
import { ssoTexts, toasts } from "~/modules/texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { combineHeaders, isSecureRequest } from "~/utils/http.server";
import { startSession } from "./auth.server";
import { startSecondStep } from "./two-factor-step.server";
import { hasTwoFactor } from "~/modules/auth/two-factor.server";
import { redirectWithToast } from "./toast.server";

const PENDING_LIFETIME_SECONDS = 10 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function pendingCookie() {
  cookie ??= createCookie("rogue_sso", {
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET from its own site.
    sameSite: "lax",
    path: "/auth",
    maxAge: PENDING_LIFETIME_SECONDS,
    secrets: [webEnv().appSecret],
  });
  return cookie;
}

const pendingSchema: z.ZodType<PendingSignin> = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectTo: z.string(),
});

async function readPending(request: Request): Promise<PendingSignin | null> {
  const parsed = pendingSchema.safeParse(await pendingCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

const clearPending = (request: Request) =>
  pendingCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });

/** Back on /signin with the refusal's text in a toast (rendered by the server: no JavaScript needed). */
async function refused(request: Request, error: SsoError) {
  return redirectWithToast(
    request,
    "/signin",
    { type: "destructive", title: ssoTexts.failedTitle, description: error.message },
    { headers: combineHeaders({ "Set-Cookie": await clearPending(request) }) },
  );
}

/** 'Continue with …': to the provider's sign-in page, with the pending sign-in in the cookie. */
export async function startSso(request: Request, slug: string, redirectTo: string, clientIp: string) {
  const env = webEnv();
  try {
    const { url, pending } = await startSignin(db(), {
      slug,
      redirectTo,
      publicUrl: env.publicUrl,
      appSecret: env.appSecret,
      ip: clientIp,
    });
    return redirect(url.href, {
      headers: {
        "Set-Cookie": await pendingCookie().serialize(pending, { secure: isSecureRequest(request) }),
      },
    });
  } catch (error) {
    if (error instanceof SsoError) return refused(request, error);
    throw error;
  }
}

/** The provider's answer: signed in where the sign-in was headed, or back on /signin saying why not. */
export async function finishSso(request: Request, slug: string, clientIp: string) {
  const pending = await readPending(request);
  try {
    const { user, created } = await finishSignin(db(), {
      slug,
      currentUrl: new URL(request.url),
      pending,
      appSecret: webEnv().appSecret,
      ip: clientIp,
    });
    // An account with two-factor sign-in gives its code after the provider too, as after its password.
    const session = (await hasTwoFactor(db(), user.id))
      ? await startSecondStep(request, user, pending!.redirectTo)
      : await startSession(request, user, {
          redirectTo: pending!.redirectTo,
          toast: created ? toasts.signedUp : toasts.signedIn,
          clientIp,
        });
    session.headers.append("Set-Cookie", await clearPending(request));
    return session;
  } catch (error) {
    if (error instanceof SsoError) return refused(request, error);
    throw error;
  }
}
