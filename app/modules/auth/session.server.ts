/**
 * Sessions are database rows; the browser holds only a signed, httpOnly cookie with the session id. Signing in
 * always creates a new id (no fixation); signing out deletes the row, so a copied cookie dies with it.
 */
import { randomBytes } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import type { Db } from "#db/database";
import { nowIso, type Role, type User } from "#db/schema";
import { effectivePlan } from "#db/plans";
import { db } from "../server-context.server";
import { toasts } from "../errors/catalogue";
import { userLocaleCookie } from "~/modules/i18n/locale.server";
import { redirectWithToast } from "../toast/toast.server";
import type { ToastInput } from "../toast/toast";
import { webEnv } from "~/utils/env.server";
import { combineHeaders, isSecureRequest } from "~/utils/http.server";
import { toPublicUser } from "./users.server";

export const SESSION_COOKIE = "rogue_session";
const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;

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

export interface SessionUser {
  user: User;
  roles: Role[];
  sessionId: string;
}

/**
 * The signed-in user, or null. A banned user's sessions are revoked on ban; they also read as signed out.
 * One query, a row per role (one row when the user has none): every signed-in request makes it.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const rows = await db()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("user_roles", "user_roles.user_id", "users.id")
    .selectAll("users")
    .select(["sessions.expires_at as session_expires_at", "user_roles.role"])
    .where("sessions.id", "=", sessionId)
    .execute();
  const [first] = rows;
  if (!first || first.session_expires_at < nowIso()) return null;
  const { session_expires_at: _expires, role: _role, ...stored } = first;
  const roles = rows.flatMap((row) => (row.role ? [row.role] : []));
  if (roles.includes("banned")) return null;
  // Checked at read time: an expired paid plan is Starter for every caller, without a job to downgrade it.
  return { user: { ...stored, plan: effectivePlan(stored) }, roles, sessionId };
}

export async function startSession(
  request: Request,
  user: User,
  { redirectTo, toast }: { redirectTo: string; toast: ToastInput },
) {
  const id = randomBytes(32).toString("base64url");
  const lifetime = user.expires_at ? new Date(user.expires_at).getTime() - Date.now() : SESSION_LIFETIME_MS;
  const expires = new Date(Date.now() + Math.min(lifetime, SESSION_LIFETIME_MS));
  await db()
    .insertInto("sessions")
    .values({ id, user_id: user.id, expires_at: expires.toISOString(), created_at: nowIso() })
    .execute();
  const previous = await readSessionId(request);
  if (previous) await db().deleteFrom("sessions").where("id", "=", previous).execute();
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
      ],
    },
  );
}

export async function endSession(
  request: Request,
  { redirectTo, toast }: { redirectTo: string; toast: ToastInput },
) {
  const id = await readSessionId(request);
  if (id) await db().deleteFrom("sessions").where("id", "=", id).execute();
  const clear = await sessionCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
  return redirectWithToast(request, redirectTo, toast, { headers: combineHeaders({ "Set-Cookie": clear }) });
}

export async function revokeSessions(database: Db, userId: string) {
  await database.deleteFrom("sessions").where("user_id", "=", userId).execute();
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
export const ADMIN_SIGNIN_URL = `/signin?${new URLSearchParams({ redirectTo: "/admin" })}`;

/** Checked on every admin request, not only in the layout. */
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
  return session;
}

export async function redirectIfSignedIn(request: Request, to: string) {
  if (await getSessionUser(request)) throw redirect(to);
}

export const publicSessionUser = (session: SessionUser | null) =>
  session
    ? {
        ...toPublicUser(session.user),
        isAdmin: session.roles.includes("admin"),
        isRestricted: session.roles.includes("restricted"),
      }
    : null;
