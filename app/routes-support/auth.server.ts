/**
 * Who a request comes from: the signed, httpOnly session cookie, read and written here for the routes; the
 * sessions themselves are the auth module's (app/modules/auth/session.server.ts).
 */
import { createCookie, redirect } from "@remix-run/node";
import type { User } from "#db/schema";
import {
  createSession,
  deleteSession,
  findSessionUser,
  SESSION_COOKIE,
  type SessionUser,
} from "~/modules/auth/session.server";
import { toasts, twoFactorTexts } from "~/modules/texts/catalogue";
import { adminLacksTwoFactor } from "~/modules/auth/two-factor.server";
import { userLocaleCookie } from "~/modules/i18n/locale.server";
import { db } from "~/modules/server-context.server";
import type { ToastInput } from "~/modules/toast/toast";
import { webEnv } from "~/utils/env.server";
import { combineHeaders, isSecureRequest } from "~/utils/http.server";
import { redirectWithToast } from "./toast.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [webEnv().appSecret],
  });
  return cookie;
}

async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The signed-in user, or null. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  return sessionId ? findSessionUser(sessionId) : null;
}

export async function startSession(
  request: Request,
  user: User,
  {
    redirectTo,
    toast,
    clientIp,
    setCookies = [],
  }: { redirectTo: string; toast: ToastInput; clientIp: string; setCookies?: string[] },
) {
  const { id, expires } = await createSession(user, await readSessionId(request), {
    userAgent: request.headers.get("User-Agent"),
    ip: clientIp,
  });
  const setCookie = await sessionCookie().serialize(id, { expires, secure: isSecureRequest(request) });
  // Before the toast is written: it speaks the user's language.
  const localeCookie = await userLocaleCookie(db(), user.id);
  return redirectWithToast(
    request,
    redirectTo,
    { type: "success", ...toast },
    {
      headers: [
        ["Set-Cookie", setCookie],
        ["Set-Cookie", localeCookie],
        ...setCookies.map((value) => ["Set-Cookie", value] as [string, string]),
      ],
    },
  );
}

export async function endSession(
  request: Request,
  { redirectTo, toast }: { redirectTo: string; toast: ToastInput },
) {
  const id = await readSessionId(request);
  if (id) await deleteSession(id);
  const clear = await sessionCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
  return redirectWithToast(request, redirectTo, toast, { headers: combineHeaders({ "Set-Cookie": clear }) });
}

/** The path a request was made to, with its query. */
function pathOf(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The session's user; a signed-out visitor goes to sign in with `backTo` (by default the request's own URL) as
 * the way back.
 */
export async function requireUser(request: Request, backTo?: string): Promise<SessionUser> {
  const session = await getSessionUser(request);
  if (!session) {
    const signin = `/signin?${new URLSearchParams({ redirectTo: backTo ?? pathOf(request) })}`;
    throw await redirectWithToast(request, signin, { type: "destructive", ...toasts.authRequired });
  }
  return session;
}

/** docs/product.md §1 'Admin console': a signed-out visitor signs in with the console as the way back. */
const ADMIN_SIGNIN_URL = `/signin?${new URLSearchParams({ redirectTo: "/admin" })}`;

/**
 * Checked on every admin request, not only in the layout. With 'require two-factor sign-in for admins' on, an
 * admin without it is sent to set it up first.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const session = await getSessionUser(request);
  if (!session) {
    throw await redirectWithToast(request, ADMIN_SIGNIN_URL, {
      type: "destructive",
      ...toasts.adminAuthRequired,
    });
  }
  if (!session.roles.includes("admin")) {
    throw await redirectWithToast(request, "/", { type: "destructive", ...toasts.accessDenied });
  }
  if (await adminLacksTwoFactor(db(), session.user.id)) {
    throw await redirectWithToast(request, "/settings/security", {
      type: "destructive",
      ...twoFactorTexts.adminRequired,
    });
  }
  return session;
}

export async function redirectIfSignedIn(request: Request, to: string) {
  if (await getSessionUser(request)) throw redirect(to);
}
