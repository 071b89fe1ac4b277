/**
 * Sessions are database rows; the browser holds only a signed, httpOnly cookie with the session id (its reading
 * and writing is route support: app/routes-support/auth.server.ts). Signing in always creates a new id (no
 * fixation); signing out deletes the row, so a copied cookie dies with it. A row also keeps what the sessions
 * list shows (Settings → Password and sessions): the browser's user agent and address at sign-in, and when it
 * was last seen.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "#db/database";
import { nowIso, type Role, type User } from "#db/schema";
import { effectivePlan } from "#db/plans";
import { db } from "../server-context.server";
import { toPublicUser } from "./users.server";

export const SESSION_COOKIE = "rogue_session";
const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** 'Last seen' is refreshed at most this often: a write per request would cost every page view. */
const LAST_SEEN_STEP_MS = 5 * 60 * 1000;

export interface SessionUser {
  user: User;
  roles: Role[];
  sessionId: string;
}

/**
 * The session's user, or null. A banned user's sessions are revoked on ban; they also read as signed out.
 * One query, a row per role (one row when the user has none): every signed-in request makes it.
 */
export async function findSessionUser(sessionId: string): Promise<SessionUser | null> {
  const rows = await db()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("user_roles", "user_roles.user_id", "users.id")
    .selectAll("users")
    .select(["sessions.expires_at as session_expires_at", "sessions.last_seen_at", "user_roles.role"])
    .where("sessions.id", "=", sessionId)
    .execute();
  const [first] = rows;
  if (!first || first.session_expires_at < nowIso()) return null;
  const { session_expires_at: _expires, last_seen_at: lastSeen, role: _role, ...stored } = first;
  const roles = rows.flatMap((row) => (row.role ? [row.role] : []));
  if (roles.includes("banned")) return null;
  if (!lastSeen || Date.parse(lastSeen) < Date.now() - LAST_SEEN_STEP_MS)
    await db().updateTable("sessions").set({ last_seen_at: nowIso() }).where("id", "=", sessionId).execute();
  // Checked at read time: an expired paid plan is Starter for every caller, without a job to downgrade it.
  return { user: { ...stored, plan: effectivePlan(stored) }, roles, sessionId };
}

/** Where a session signs in from, for the sessions list. */
export interface SessionOrigin {
  userAgent: string | null;
  ip: string;
}

/** A new session for `user`, replacing `previous` (the one the browser held) if any. */
export async function createSession(user: User, previous: string | null, origin: SessionOrigin) {
  const id = randomBytes(32).toString("base64url");
  const lifetime = user.expires_at ? new Date(user.expires_at).getTime() - Date.now() : SESSION_LIFETIME_MS;
  const expires = new Date(Date.now() + Math.min(lifetime, SESSION_LIFETIME_MS));
  await db()
    .insertInto("sessions")
    .values({
      id,
      user_id: user.id,
      expires_at: expires.toISOString(),
      created_at: nowIso(),
      last_seen_at: nowIso(),
      // A header is the client's to write: kept to a sane length, shown as text only.
      user_agent: origin.userAgent?.slice(0, 512) ?? null,
      ip: origin.ip,
    })
    .execute();
  if (previous) await deleteSession(previous);
  return { id, expires };
}

export async function deleteSession(sessionId: string) {
  await db().deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export async function revokeSessions(database: Db, userId: string) {
  await database.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export const publicSessionUser = (session: SessionUser | null) =>
  session
    ? {
        ...toPublicUser(session.user),
        isAdmin: session.roles.includes("admin"),
        isRestricted: session.roles.includes("restricted"),
      }
    : null;
