/**
 * A signed-in user's own password and sessions (Settings → Password and sessions, docs/product.md §8):
 * changing the password ends every other session, as an admin's reset ends all of them, and the user can end
 * every other session at will. Both keep the session that asks.
 */
import type { Db } from "#db/database";
import { nowIso } from "#db/schema";
import { Refusal } from "../errors/refusal";
import { messages } from "../texts/catalogue";
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

/** What the page shows: whether there is a password to change, and how many other sessions there are. */
export async function accountSecurity(db: Db, session: SessionUser) {
  const [stored, otherSessions] = await Promise.all([
    db.selectFrom("users").select("password_hash").where("id", "=", session.user.id).executeTakeFirst(),
    otherSessionCount(db, session),
  ]);
  return { hasPassword: Boolean(stored?.password_hash), otherSessions };
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
