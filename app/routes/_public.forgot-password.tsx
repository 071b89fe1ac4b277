/**
 * /forgot-password: asks for a password-reset link by e-mail (docs/product.md §7). Every address gets the same
 * answer at once; the mail, if there is an account, goes out afterwards.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthFooterLink, AuthForm, AuthFrame, EmailField } from "~/components/auth-parts";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { askForPasswordReset } from "~/modules/auth/password-reset.server";
import { forgotPasswordSchema } from "~/modules/auth/schemas";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { messages } from "~/modules/texts/catalogue";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("auth:forgot.metaTitle") }];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema() });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!(await askForPasswordReset(db(), submission.value.email, context.clientIp)))
    return data(submission.reply({ formErrors: [messages.tooManyResetRequests] }), { status: 429 });
  return { sentTo: submission.value.email };
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const answer = useActionData<typeof action>();
  const sentTo = answer && "sentTo" in answer ? answer.sentTo : null;
  const [form, fields] = useZodForm(forgotPasswordSchema(), {
    id: "forgot-password",
    lastResult: answer && !("sentTo" in answer) ? answer : undefined,
  });
  return (
    <AuthFrame title={t("forgot.title")} lead={t("forgot.lead")}>
      {sentTo ? (
        <p role="status" className="mt-8 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4 text-zinc-200">
          {t("forgot.sent", { email: sentTo })}
        </p>
      ) : (
        <AuthForm
          form={form}
          submit={<SubmitButton label={t("forgot.submit")} busyLabel={t("forgot.submitting")} />}
        >
          <EmailField meta={fields.email} />
        </AuthForm>
      )}
      <AuthFooterLink to="/signin">{t("forgot.backToSignin")}</AuthFooterLink>
    </AuthFrame>
  );
}
