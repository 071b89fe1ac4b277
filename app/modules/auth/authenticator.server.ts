import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "#db/schema";
import { messages } from "../texts/catalogue";
import { recordAudit } from "../admin/audit.server";
import { db } from "../server-context.server";
import { burnPasswordCheck, verifyPassword } from "./password.server";
import { signinSucceeded, takeSigninAttempt } from "./rate-limit.server";
import { signinSchema } from "./schemas";
import { findUserByEmail, normaliseEmail, rolesOf } from "./users.server";
import { Refusal } from "~/modules/errors/refusal";

/** A refused sign-in: the message for the form and the HTTP status to answer with. */
export class SigninError extends Refusal<400 | 401 | 403 | 429> {}

export interface SigninContext {
  clientIp: string;
}

export const PASSWORD_STRATEGY = "user-pass";

export function createAuthenticator(context: SigninContext) {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = signinSchema().safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new SigninError(messages.signinFailed, 400);
      const email = normaliseEmail(parsed.data.email);
      if (!(await takeSigninAttempt(email, context.clientIp)))
        throw new SigninError(messages.tooManyAttempts, 429);
      const user = await findUserByEmail(db(), email);
      if (!user?.password_hash) await burnPasswordCheck(parsed.data.password);
      if (!user?.password_hash || !(await verifyPassword(user.password_hash, parsed.data.password))) {
        await recordAudit(db(), {
          actorUserId: null,
          action: "signin.failure",
          targetType: "user",
          targetId: user?.id,
          details: { email },
          ip: context.clientIp,
        });
        throw new SigninError(messages.signinFailed, 401);
      }
      if ((await rolesOf(db(), user.id)).includes("banned"))
        throw new SigninError(messages.accountBanned, 403);
      await signinSucceeded(email, context.clientIp);
      return user;
    }),
    PASSWORD_STRATEGY,
  );
  return authenticator;
}
