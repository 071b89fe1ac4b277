/**
 * /verify-email/:token, the link a confirmation mail carries (docs/product.md §7). Opening it changes nothing
 * (a GET never does, and mail scanners open links): the page asks for one click, whose POST confirms.
 */
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthFooterLink, AuthFrame } from "~/components/auth-parts";
import { ErrorList } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { LinkRefusal } from "~/modules/auth/account-tokens.server";
import { confirmEmail } from "~/modules/auth/email-verification.server";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { toasts } from "~/modules/texts/catalogue";
import { getSessionUser } from "~/routes-support/auth.server";
import { emailedLinkLoader } from "~/routes-support/e-mailed-link.server";
import { redirectWithToast } from "~/routes-support/toast.server";

export const meta: MetaFunction = () => [{ title: translate("auth:verify.metaTitle") }];

export const loader = emailedLinkLoader("email-verification");

export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    await confirmEmail(db(), params.token ?? "", context.clientIp);
  } catch (error) {
    if (!(error instanceof LinkRefusal)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
  const signedIn = await getSessionUser(request);
  return redirectWithToast(request, signedIn ? "/chat" : "/signin", {
    type: "success",
    ...toasts.emailVerified,
  });
}

export default function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const { email, problem } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (problem)
    return (
      <AuthFrame title={t("reset.failedTitle")} lead={problem}>
        <AuthFooterLink to="/settings/security">{t("verify.askAgain")}</AuthFooterLink>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t("verify.title")} lead={t("verify.lead", { email })}>
      <Form method="post" className="mt-8 space-y-4">
        <ErrorList errors={answer ? [answer.error] : undefined} />
        <SubmitButton label={t("verify.submit")} busyLabel={t("verify.submitting")} />
      </Form>
    </AuthFrame>
  );
}
