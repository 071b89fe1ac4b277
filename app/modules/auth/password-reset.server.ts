/**
 * 'Forgot password?' (docs/product.md §7): a single-use link, valid 30 minutes, e-mailed to the account's
 * address. Asking answers the same, at once, whether or not an account has the address: the lookup and the
 * mail run after the answer is sent, so neither the words nor the time tell accounts apart. Using the link sets
 * the new password and ends every session of the account.
 */
import type { Db } from "#db/database";
import { nowIso } from "#db/schema";
import { recordAudit } from "../admin/audit.server";
import { webMailer } from "../mail/mailer.server";
import { mailTexts, messages } from "../texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import { PasswordChangeError } from "./account-security.server";
import { issueToken, redeemToken } from "./account-tokens.server";
import { isCommonPassword } from "./common-passwords.server";
import { hashPassword } from "./password.server";
import { takeResetRequest } from "./rate-limit.server";
import { revokeSessions } from "./session.server";
import { findUserByEmail, normaliseEmail } from "./users.server";

export const resetLink = (token: string) => `${webEnv().publicUrl}/reset-password/${token}`;

/** Looks the address up and, for an account with it, mails a new link. */
export async function mailPasswordReset(db: Db, email: string, ip: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  const account = user && !user.is_demo ? user : undefined;
  await recordAudit(db, {
    actorUserId: null,
    action: "password.reset-request",
    targetType: "user",
    targetId: account?.id,
    details: { email, known: Boolean(account) },
    ip,
  });
  if (!account) return;
  const link = resetLink(await issueToken(db, account, "password-reset"));
  await webMailer().send({ to: account.email, ...mailTexts.passwordReset(link), link });
}

/**
 * Takes the request within its limits (per address, per IP) and sets the mail going after the answer; false
 * when a limit is spent. A failure to send is logged for the operator: the visitor's answer cannot change.
 */
export async function askForPasswordReset(db: Db, email: string, ip: string): Promise<boolean> {
  const address = normaliseEmail(email);
  if (!(await takeResetRequest(address, ip))) return false;
  setImmediate(() => {
    mailPasswordReset(db, address, ip).catch((error: unknown) =>
      webLogger().error({ err: error }, "a password-reset e-mail could not be sent"),
    );
  });
  return true;
}

/**
 * Sets a new password with a reset link, by sign-up's rules, and ends every session of the account, in one
 * transaction with the link's use. Opening the mailed link also proves the address. Throws LinkRefusal for a
 * link that cannot be used, PasswordChangeError for a refused password.
 */
export async function resetPassword(db: Db, token: string, password: string, ip: string): Promise<void> {
  if (isCommonPassword(password)) throw new PasswordChangeError("newPassword", messages.passwordTooCommon);
  const hash = await hashPassword(password);
  await redeemToken(db, token, "password-reset", ip, async (trx, row) => {
    await trx
      .updateTable("users")
      .set({ password_hash: hash, updated_at: nowIso() })
      .where("id", "=", row.user_id)
      .execute();
    await trx
      .updateTable("users")
      .set({ email_verified_at: nowIso() })
      .where("id", "=", row.user_id)
      .where("email", "=", row.email)
      .where("email_verified_at", "is", null)
      .execute();
    await revokeSessions(trx, row.user_id);
  });
}
