/**
 * A signed-in user's own password and sessions (Settings → Password and sessions, docs/product.md §8):
 * changing the password ends every other session, as an admin's reset ends all of them, and the user can end
 * every other session, or one of them, at will. Each keeps the session that asks.
 */
import Bowser from "bowser";
import type { Db } from "#db/database";
import { nowIso } from "#db/schema";
import { recordAudit } from "../admin/audit.server";
import { Refusal } from "../errors/refusal";
import { messages } from "../texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { hashToken } from "./account-tokens.server";
import { isCommonPassword } from "./common-passwords.server";
import { hashPassword, verifyPassword } from "./password.server";
import type { SessionUser } from "./session.server";

/** A change refused for one of its fields, with the catalogue's text. */
export class PasswordChangeError extends Refusal<400> {
  constructor(
    readonly field: "currentPassword" | "newPassword",
    message: string,
  ) {
    super(message, 400);
  }
}

/**
 * What the page shows: whether there is a password to change, whether the address is confirmed, and the
 * user's sessions.
 */
export async function accountSecurity(db: Db, session: SessionUser) {
  const [stored, otherSessions, sessions] = await Promise.all([
    db.selectFrom("users").select("password_hash").where("id", "=", session.user.id).executeTakeFirst(),
    otherSessionCount(db, session),
    listSessions(db, session),
  ]);
  const { user } = session;
  return {
    hasPassword: Boolean(stored?.password_hash),
    email: user.is_demo
      ? null
      : {
          address: user.email,
          confirmed: Boolean(user.email_verified_at),
          required: webEnv().emailVerification === "required",
        },
    otherSessions,
    sessions,
  };
}

/**
 * A session as the list shows it. Its id is the cookie's secret, so the page names it by a hash: the page's
 * HTML never holds another device's credential.
 */
export interface SessionSummary {
  handle: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  lastSeenAt: string;
  current: boolean;
}

const sessionHandle = (sessionId: string) => hashToken(sessionId).slice(0, 32);

/** The user's sessions in force, this one first, then the most recently seen. */
async function listSessions(db: Db, session: SessionUser): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "ip", "last_seen_at", "created_at"])
    .where("user_id", "=", session.user.id)
    .where("expires_at", ">", nowIso())
    .execute();
  return rows
    .map((row) => {
      const agent = row.user_agent ? Bowser.parse(row.user_agent) : null;
      return {
        handle: sessionHandle(row.id),
        browser: agent?.browser.name ?? null,
        os: agent?.os.name ?? null,
        ip: row.ip,
        lastSeenAt: row.last_seen_at ?? row.created_at,
        current: row.id === session.sessionId,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** A session of someone else's, or this one, or one already ended: nothing to sign out. */
export class SessionGoneError extends Refusal<404> {
  constructor() {
    super(messages.sessionGone, 404);
  }
}

/** Ends one other session of the user, named by its handle; throws SessionGoneError when there is none. */
export async function signOutSession(db: Db, session: SessionUser, handle: string, ip: string) {
  const rows = await db
    .selectFrom("sessions")
    .select("id")
    .where("user_id", "=", session.user.id)
    .where("id", "!=", session.sessionId)
    .execute();
  const target = rows.find((row) => sessionHandle(row.id) === handle);
  if (!target) throw new SessionGoneError();
  await db.deleteFrom("sessions").where("id", "=", target.id).execute();
  await recordAudit(db, {
    actorUserId: session.user.id,
    action: "session.revoke",
    targetType: "user",
    targetId: session.user.id,
    ip,
  });
}

/** The user's sessions other than this one. */
async function otherSessionCount(db: Db, session: SessionUser): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", session.user.id)
    .where("id", "!=", session.sessionId)
    .where("expires_at", ">", nowIso())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every session of the user but this one; resolves with how many ended. */
export async function signOutOtherSessions(db: Db, session: SessionUser): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where("user_id", "=", session.user.id)
    .where("id", "!=", session.sessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Sets a new password once the current one is proved, and ends every other session (someone who knew the old
 * password may hold one), in one transaction. Resolves with how many sessions ended.
 */
export async function changePassword(
  db: Db,
  session: SessionUser,
  input: { currentPassword: string; newPassword: string },
): Promise<number> {
  const stored = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", session.user.id)
    .executeTakeFirstOrThrow();
  if (!stored.password_hash || !(await verifyPassword(stored.password_hash, input.currentPassword)))
    throw new PasswordChangeError("currentPassword", messages.currentPasswordWrong);
  if (isCommonPassword(input.newPassword))
    throw new PasswordChangeError("newPassword", messages.passwordTooCommon);
  const hash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", session.user.id).execute();
    return signOutOtherSessions(trx, session);
  });
}
