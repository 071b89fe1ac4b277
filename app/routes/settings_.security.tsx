/**
 * /settings/security: the e-mail address's confirmation (a new link on request), change the password (which
 * ends every other session), the list of sessions, and signing out one of them or everywhere else, with or
 * without JavaScript; and two-factor sign-in: set it up, renew its recovery codes, turn it off (docs/product.md §8).
 */
import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import {
  accountSecurity,
  changePassword,
  PasswordChangeError,
  SessionGoneError,
  signOutOtherSessions,
  signOutSession,
  type SessionSummary,
} from "~/modules/auth/account-security.server";
import { resendConfirmation } from "~/modules/auth/email-verification.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  renewRecoveryCodes,
  startEnrolment,
  twoFactorState,
  TwoFactorError,
} from "~/modules/auth/two-factor.server";
import { TwoFactorSection } from "~/components/settings/two-factor-section";
import { useFormat } from "~/modules/i18n/format";
import { messages, toasts, twoFactorTexts } from "~/modules/texts/catalogue";
import { accountSecuritySchema } from "~/modules/auth/schemas";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { settingsToasts } from "~/modules/settings/settings-messages";
import { requireUser } from "~/routes-support/auth.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("settings:security.metaTitle") }];

const PATH = "/settings/security";
const HIDDEN = ["currentPassword", "newPassword", "confirmPassword", "password", "code"];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const [security, twoFactor] = await Promise.all([
    accountSecurity(db(), session),
    // A demo account has no password to guard 2FA with, and lives a day.
    session.user.is_demo ? null : twoFactorState(db(), session.user),
  ]);
  return { ...security, twoFactor };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: accountSecuritySchema() });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 400 });
  const { value } = submission;
  if (value.intent === "signout-others") {
    await signOutOtherSessions(db(), session);
    return redirectWithToast(request, PATH, { type: "success", ...settingsToasts.signedOutOthers });
  }
  if (value.intent === "signout-session") {
    try {
      await signOutSession(db(), session, value.session, context.clientIp);
    } catch (error) {
      if (!(error instanceof SessionGoneError)) throw error;
      return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
    }
    return redirectWithToast(request, PATH, { type: "success", ...settingsToasts.sessionSignedOut });
  }
  if (value.intent === "resend-confirmation") {
    if (!(await resendConfirmation(db(), session.user)))
      return data(submission.reply({ formErrors: [messages.tooManyVerificationMails] }), { status: 429 });
    return redirectWithToast(request, PATH, { type: "success", ...toasts.verificationSent });
  }
  if (value.intent === "two-factor-start") {
    await startEnrolment(db(), session.user.id);
    return redirect(PATH);
  }
  if (value.intent !== "password") {
    const actor = { userId: session.user.id, ip: context.clientIp };
    try {
      if (value.intent === "two-factor-disable") {
        await disableTwoFactor(db(), actor, value.password);
        return redirectWithToast(request, PATH, { type: "success", ...twoFactorTexts.disabled });
      }
      // Shown this once, in this answer: only their hashes are kept.
      const recoveryCodes =
        value.intent === "two-factor-confirm"
          ? await confirmEnrolment(db(), actor, value.code)
          : await renewRecoveryCodes(db(), actor, value.password);
      return { recoveryCodes };
    } catch (error) {
      if (!(error instanceof TwoFactorError)) throw error;
      return data(submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields: HIDDEN }), {
        status: error.status,
      });
    }
  }
  try {
    await changePassword(db(), session, value);
  } catch (error) {
    if (!(error instanceof PasswordChangeError)) throw error;
    return data(submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields: HIDDEN }), {
      status: error.status,
    });
  }
  return redirectWithToast(request, PATH, { type: "success", ...settingsToasts.passwordChanged });
}

function PasswordField<Schema>({
  label,
  field,
  autoComplete,
}: {
  label: string;
  field: FieldMetadata<Schema>;
  autoComplete: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-zinc-300">
        {label}
      </label>
      <input {...getInputProps(field, { type: "password" })} autoComplete={autoComplete} className="input" />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The form's own errors when the last answer was to `intent`'s form. */
function errorsFor(answer: SubmissionResult<string[]> | undefined, intent: string) {
  return answer?.initialValue?.intent === intent ? (answer.error?.[""] ?? undefined) : undefined;
}

function SessionItem({ session, busy }: { session: SessionSummary; busy: boolean }) {
  const { t } = useTranslation("settings");
  const format = useFormat();
  const device =
    session.browser && session.os
      ? t("security.device", { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t("security.unknownDevice"));
  const when = `${format.date(session.lastSeenAt, { dateStyle: "medium", timeStyle: "short" })} UTC`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium text-zinc-100">
          {device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-brand/20 px-2 py-0.5 text-xs font-medium text-brand-light">
              {t("security.thisDevice")}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-zinc-400">
          {t("security.lastSeen", { when })}
          {session.ip ? ` · ${t("security.fromIp", { ip: session.ip })}` : null}
        </p>
      </div>
      {session.current ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="signout-session" />
          <input type="hidden" name="session" value={session.handle} />
          <button
            type="submit"
            className="btn-secondary"
            disabled={busy}
            aria-label={t("security.signOutLabel", { device, when })}
          >
            {t("security.signOut")}
          </button>
        </Form>
      )}
    </li>
  );
}

export default function SecurityPage() {
  const { hasPassword, email, otherSessions, sessions, twoFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const answer = actionData && !("recoveryCodes" in actionData) ? actionData : undefined;
  const navigation = useNavigation();
  const pendingIntent = navigation.formData?.get("intent");
  const changing = pendingIntent === "password";
  const { t } = useTranslation("settings");
  const [form, fields] = useZodForm(accountSecuritySchema(), {
    id: "change-password",
    lastResult: answer?.initialValue?.intent === "password" ? answer : undefined,
  });
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/chat?settings=account" className="text-sm text-zinc-400 hover:text-zinc-200">
        {t("backToSettings")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("security.title")}</h1>

      {email ? (
        <section aria-labelledby="email-title" className="mt-6 rounded-lg border border-zinc-800 p-4">
          <h2 id="email-title" className="text-lg font-semibold">
            {t("security.emailTitle")}
          </h2>
          {email.confirmed ? (
            <p className="mt-2 text-sm text-zinc-300" data-testid="email-status">
              {t("security.emailVerified", { email: email.address })}
            </p>
          ) : (
            <>
              <p className="mt-2 text-sm text-amber-300" data-testid="email-status">
                {t("security.emailUnverified", { email: email.address })}
                {email.required ? ` ${t("security.emailRequired")}` : null}
              </p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="resend-confirmation" />
                <button
                  type="submit"
                  className="btn-secondary"
                  disabled={pendingIntent === "resend-confirmation"}
                >
                  {pendingIntent === "resend-confirmation" ? t("security.resending") : t("security.resend")}
                </button>
                <ErrorList errors={errorsFor(answer, "resend-confirmation")} />
              </Form>
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="change-password-title" className="mt-6 rounded-lg border border-zinc-800 p-4">
        <h2 id="change-password-title" className="text-lg font-semibold">
          {t("security.changePassword")}
        </h2>
        {hasPassword ? (
          <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="password" />
            <PasswordField
              label={t("security.currentPassword")}
              field={fields.currentPassword}
              autoComplete="current-password"
            />
            <PasswordField
              label={t("security.newPassword")}
              field={fields.newPassword}
              autoComplete="new-password"
            />
            <PasswordField
              label={t("security.confirmPassword")}
              field={fields.confirmPassword}
              autoComplete="new-password"
            />
            <ErrorList id={form.errorId} errors={form.errors} />
            <p className="text-sm text-zinc-400">{t("security.changeNote")}</p>
            <button type="submit" className="btn-primary" disabled={changing}>
              {changing ? t("security.saving") : t("security.save")}
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-zinc-400">{t("security.noPassword")}</p>
        )}
      </section>

      {twoFactor ? (
        <TwoFactorSection state={twoFactor} answer={answer} recoveryCodes={recoveryCodes} />
      ) : null}

      <section aria-labelledby="sessions-title" className="mt-6 rounded-lg border border-zinc-800 p-4">
        <h2 id="sessions-title" className="text-lg font-semibold">
          {t("security.sessionsTitle")}
        </h2>
        <p className="mt-2 text-sm text-zinc-300" data-testid="other-sessions">
          {otherSessions
            ? t("security.otherSessions", { count: otherSessions })
            : t("security.noOtherSessions")}
        </p>
        <ul aria-label={t("security.sessionsList")} className="mt-2 divide-y divide-zinc-800">
          {sessions.map((session) => (
            <SessionItem key={session.handle} session={session} busy={pendingIntent === "signout-session"} />
          ))}
        </ul>
        <ErrorList errors={errorsFor(answer, "signout-session")} />
        {otherSessions ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="signout-others" />
            <button type="submit" className="btn-secondary">
              {t("security.signOutOthers")}
            </button>
          </Form>
        ) : null}
      </section>
    </main>
  );
}
