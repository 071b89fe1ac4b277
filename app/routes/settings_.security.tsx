/**
 * /settings/security: change the password (which ends every other session) and sign out everywhere else,
 * with or without JavaScript (docs/product.md §8).
 */
import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import {
  accountSecurity,
  changePassword,
  PasswordChangeError,
  signOutOtherSessions,
} from "~/modules/auth/account-security.server";
import { accountSecuritySchema } from "~/modules/auth/schemas";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { settingsToasts } from "~/modules/settings/settings-messages";
import { requireUser } from "~/routes-support/auth.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("settings:security.metaTitle") }];

const PATH = "/settings/security";
const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  return accountSecurity(db(), await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: accountSecuritySchema() });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 400 });
  if (submission.value.intent === "signout-others") {
    await signOutOtherSessions(db(), session);
    return redirectWithToast(request, PATH, { type: "success", ...settingsToasts.signedOutOthers });
  }
  try {
    await changePassword(db(), session, submission.value);
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

export default function SecurityPage() {
  const { hasPassword, otherSessions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const changing = navigation.formData?.get("intent") === "password";
  const { t } = useTranslation("settings");
  const [form, fields] = useZodForm(accountSecuritySchema(), { id: "change-password", lastResult: answer });
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/chat?settings=account" className="text-sm text-zinc-400 hover:text-zinc-200">
        {t("backToSettings")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("security.title")}</h1>

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

      <section aria-labelledby="sessions-title" className="mt-6 rounded-lg border border-zinc-800 p-4">
        <h2 id="sessions-title" className="text-lg font-semibold">
          {t("security.sessionsTitle")}
        </h2>
        <p className="mt-2 text-sm text-zinc-300" data-testid="other-sessions">
          {otherSessions
            ? t("security.otherSessions", { count: otherSessions })
            : t("security.noOtherSessions")}
        </p>
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
