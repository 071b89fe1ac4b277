/**
 * Sign-in and sign-up fields, shared by the browser (instant feedback) and the server (the real check). Built
 * per language: their messages are in it.
 */
import { z } from "zod";
import { messages, twoFactorTexts } from "../texts/catalogue";
import { perLocale } from "../i18n/translate";
import { requiredText } from "~/utils/form-fields";

/** An e-mail address, as sign-up, sign-in and checkout take it. */
export const emailField = () =>
  requiredText(messages.emailRequired, 254, messages.tooLong("email", 254)).email(messages.emailInvalid);

export const signinSchema = perLocale(() =>
  z.object({
    email: emailField(),
    password: z
      .string({ required_error: messages.passwordRequired })
      .max(256, messages.tooLong("password", 256)),
    redirectTo: z.string().max(2048).optional(),
  }),
);

/** A new password, by sign-up's rules. */
const newPasswordField = () =>
  z
    .string({ required_error: messages.passwordRequired })
    .min(8, messages.passwordTooShort)
    .max(256, messages.tooLong("password", 256));

export const signupSchema = perLocale(() =>
  z.object({
    name: requiredText(messages.nameRequired, 100, messages.tooLong("name", 100)),
    email: emailField(),
    password: newPasswordField(),
    redirectTo: z.string().max(2048).optional(),
  }),
);

/** A new password and the same again, as changing it and resetting it take them. */
const newPasswordPair = () => ({
  newPassword: newPasswordField(),
  confirmPassword: z.string({ required_error: messages.passwordsDiffer }),
});

function passwordsMatch(form: { newPassword?: string; confirmPassword?: string }, context: z.RefinementCtx) {
  if (form.newPassword !== form.confirmPassword)
    context.addIssue({
      code: z.ZodIssueCode.custom,
      message: messages.passwordsDiffer,
      path: ["confirmPassword"],
    });
}

/** A code from an authenticator app or a recovery code, as typed (spaces and dashes allowed). */
const twoFactorCodeField = () => requiredText(twoFactorTexts.codeRequired, 32, twoFactorTexts.codeWrong);

/** The password that guards turning two-factor sign-in off and renewing its recovery codes. */
const currentPasswordField = () =>
  z.string({ required_error: messages.currentPasswordRequired }).max(256, messages.tooLong("password", 256));

/**
 * Settings → Password and sessions: change the password, have a new confirmation link sent, end one other
 * session (named by its handle) or every other one; set up two-factor sign-in (begin, then confirm with a first
 * code), renew its recovery codes or turn it off (both with the password).
 */
export const accountSecuritySchema = perLocale(() =>
  z
    .discriminatedUnion("intent", [
      z.object({
        intent: z.literal("password"),
        currentPassword: currentPasswordField(),
        ...newPasswordPair(),
      }),
      z.object({ intent: z.literal("signout-others") }),
      z.object({
        intent: z.literal("signout-session"),
        session: z
          .string({ required_error: messages.sessionGone })
          .regex(/^[0-9a-f]{32}$/, messages.sessionGone),
      }),
      z.object({ intent: z.literal("resend-confirmation") }),
      z.object({ intent: z.literal("two-factor-start") }),
      z.object({ intent: z.literal("two-factor-confirm"), code: twoFactorCodeField() }),
      z.object({ intent: z.literal("recovery-codes"), password: currentPasswordField() }),
      z.object({ intent: z.literal("two-factor-disable"), password: currentPasswordField() }),
    ])
    .superRefine((form, context) => {
      if (form.intent === "password") passwordsMatch(form, context);
    }),
);

/** 'Forgot password?': the account's address. */
export const forgotPasswordSchema = perLocale(() => z.object({ email: emailField() }));

/** A reset link's form: the new password, by sign-up's rules. */
export const resetPasswordSchema = perLocale(() => z.object(newPasswordPair()).superRefine(passwordsMatch));

/** The sign-in's second step: a code from the authenticator app or a recovery code. */
export const twoFactorSigninSchema = perLocale(() => z.object({ code: twoFactorCodeField() }));
