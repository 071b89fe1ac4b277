/**
 * E-mail confirmation (docs/product.md §7): a link mailed at sign-up, valid 24 hours, that proves the address.
 * With EMAIL_VERIFICATION=required an account whose address is not proved cannot ask for replies; with
 * optional (the default) it is only asked to confirm. Demo users have no address and are never asked.
 */
import type { Db } from "#db/database";
import { nowIso, type User } from "#db/schema";
import { webMailer } from "../mail/mailer.server";
import { mailTexts } from "../texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import { issueToken, LinkRefusal, redeemToken } from "./account-tokens.server";
import { takeVerificationMail } from "./rate-limit.server";

const needsConfirming = (user: User) => !user.is_demo && !user.email_verified_at;

/** Whether the account must confirm its address before it may chat. */
export const mustConfirmEmail = (user: User) =>
  webEnv().emailVerification === "required" && needsConfirming(user);

/** Mails a new confirmation link to the account's address. */
async function mailConfirmation(db: Db, user: User): Promise<void> {
  const link = `${webEnv().publicUrl}/verify-email/${await issueToken(db, user, "email-verification")}`;
  await webMailer().send({ to: user.email, ...mailTexts.verifyEmail(link), link });
}

/**
 * At sign-up: the link goes out after the answer, so a slow mail server never holds the sign-up; a failure is
 * logged, and the user can have a new link sent from Settings.
 */
export function sendConfirmationAfterSignup(db: Db, user: User) {
  if (!needsConfirming(user)) return;
  setImmediate(() => {
    mailConfirmation(db, user).catch((error: unknown) =>
      webLogger().error({ err: error }, "a confirmation e-mail could not be sent"),
    );
  });
}

/** 'Send a new link', within VERIFICATION_MAILS_PER_HOUR; false when that is spent. Sent before it answers. */
export async function resendConfirmation(db: Db, user: User): Promise<boolean> {
  if (!needsConfirming(user)) return true;
  if (!(await takeVerificationMail(user.id))) return false;
  await mailConfirmation(db, user);
  return true;
}

/**
 * Uses a confirmation link: the address it was sent to is proved, if the account still has it (a link sent
 * to an address the account has since left proves nothing). Throws LinkRefusal.
 */
export async function confirmEmail(db: Db, token: string, ip: string): Promise<void> {
  await redeemToken(db, token, "email-verification", ip, async (trx, row) => {
    const result = await trx
      .updateTable("users")
      .set({ email_verified_at: nowIso() })
      .where("id", "=", row.user_id)
      .where("email", "=", row.email)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new LinkRefusal("invalid");
  });
}
