/**
 * /reset-password/:token, the link a reset mail carries (docs/product.md §7): a new password by sign-up's
 * rules; saving it uses the link up and ends every session of the account, then the user signs in with it.
 * The token is a route parameter, so request logs show the path as /reset-password/:token.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthFooterLink, AuthForm, AuthFrame } from "~/components/auth-parts";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { PasswordChangeError } from "~/modules/auth/account-security.server";
import { LinkRefusal } from "~/modules/auth/account-tokens.server";
import { resetPassword } from "~/modules/auth/password-reset.server";
import { resetPasswordSchema } from "~/modules/auth/schemas";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { toasts } from "~/modules/texts/catalogue";
import { emailedLinkLoader } from "~/routes-support/e-mailed-link.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("auth:reset.metaTitle") }];

const HIDDEN = ["newPassword", "confirmPassword"];

export const loader = emailedLinkLoader("password-reset");

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema() });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 400 });
  try {
    await resetPassword(db(), params.token ?? "", submission.value.newPassword, context.clientIp);
  } catch (error) {
    if (error instanceof PasswordChangeError)
      return data(submission.reply({ fieldErrors: { newPassword: [error.message] }, hideFields: HIDDEN }), {
        status: error.status,
      });
    if (error instanceof LinkRefusal)
      return data(submission.reply({ formErrors: [error.message], hideFields: HIDDEN }), {
        status: error.status,
      });
    throw error;
  }
  return redirectWithToast(request, "/signin", { type: "success", ...toasts.passwordReset });
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { email, problem } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(resetPasswordSchema(), {
    id: "reset-password",
    lastResult: useActionData<typeof action>(),
  });
  if (problem)
    return (
      <AuthFrame title={t("reset.failedTitle")} lead={problem}>
        <AuthFooterLink to="/forgot-password">{t("reset.askAgain")}</AuthFooterLink>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t("reset.title")} lead={t("reset.lead", { email })}>
      <AuthForm
        form={form}
        submit={<SubmitButton label={t("reset.submit")} busyLabel={t("reset.submitting")} />}
      >
        <Field
          label={t("reset.newPassword")}
          meta={fields.newPassword}
          type="password"
          autoComplete="new-password"
        />
        <Field
          label={t("reset.confirmPassword")}
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
      </AuthForm>
      <AuthFooterLink to="/forgot-password">{t("reset.askAgain")}</AuthFooterLink>
    </AuthFrame>
  );
}
