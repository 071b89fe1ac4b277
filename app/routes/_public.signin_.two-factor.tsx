/**
 * /signin/two-factor: the second step of signing in to an account with two-factor sign-in (docs/product.md §8):
 * a code from the authenticator app or a recovery code; the session starts only once it is right.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthFooterLink, AuthForm, AuthFrame } from "~/components/auth-parts";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { twoFactorSigninSchema } from "~/modules/auth/schemas";
import { signInWithSecondFactor, TwoFactorError } from "~/modules/auth/two-factor.server";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { toasts } from "~/modules/texts/catalogue";
import { startSession } from "~/routes-support/auth.server";
import { backToSignin, endSecondStep, requireSecondStep } from "~/routes-support/two-factor-step.server";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("auth:twoFactor.metaTitle") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSecondStep(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await requireSecondStep(request);
  const submission = parseWithZod(await readFormData(request), { schema: twoFactorSigninSchema() });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  try {
    const user = await signInWithSecondFactor(
      db(),
      { userId: pending.userId, ip: context.clientIp },
      submission.value.code,
    );
    // The account was deleted between the two steps: nothing to sign in to.
    if (!user) return backToSignin(request, pending.redirectTo);
    return startSession(request, user, {
      redirectTo: pending.redirectTo,
      toast: toasts.signedIn,
      clientIp: context.clientIp,
      setCookies: [await endSecondStep(request)],
    });
  } catch (error) {
    if (!(error instanceof TwoFactorError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["code"] }), {
      status: error.status,
    });
  }
}

export default function TwoFactorSigninPage() {
  const { t } = useTranslation("auth");
  const [form, fields] = useZodForm(twoFactorSigninSchema(), {
    id: "two-factor-signin",
    lastResult: useActionData<typeof action>(),
  });
  return (
    <AuthFrame title={t("twoFactor.title")} lead={t("twoFactor.lead")}>
      <AuthForm
        form={form}
        submit={<SubmitButton label={t("twoFactor.submit")} busyLabel={t("twoFactor.submitting")} />}
      >
        <Field label={t("twoFactor.code")} meta={fields.code} type="text" autoComplete="one-time-code" />
      </AuthForm>
      <AuthFooterLink to="/signin">{t("twoFactor.back")}</AuthFooterLink>
    </AuthFrame>
  );
}
