import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthForm, AuthPage, EmailField, PasswordField } from "~/components/auth-parts";
import { ErrorList, Field } from "~/components/ui/field";
import { SsoButtons } from "~/components/sso-buttons";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { signupSchema } from "~/modules/auth/schemas";
import { isCommonPassword } from "~/modules/auth/common-passwords.server";
import { takeSignup } from "~/modules/auth/rate-limit.server";
import { mustConfirmEmail, sendConfirmationAfterSignup } from "~/modules/auth/email-verification.server";
import { getSessionUser, startSession } from "~/routes-support/auth.server";
import { convertDemoUser, createUser, EmailTakenError } from "~/modules/auth/users.server";
import { signinOptions } from "~/modules/auth/sso-admin.server";
import { messages, ssoTexts, toasts } from "~/modules/texts/catalogue";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("auth:signup.metaTitle") }];

const DEFAULT_TARGET = "/";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), DEFAULT_TARGET);
  // A demo visitor may sign up: their demo chats carry over to the new account.
  const session = await getSessionUser(request);
  if (session && !session.user.is_demo) throw redirect(redirectTo);
  return { redirectTo, fromDemo: Boolean(session), ...(await signinOptions(db())) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: signupSchema() });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  // With password sign-in off, an account with a password could never sign in: accounts come from providers.
  if (!(await signinOptions(db())).passwordSignin)
    return data(submission.reply({ formErrors: [ssoTexts.passwordSigninOff], hideFields: ["password"] }), {
      status: 403,
    });
  if (isCommonPassword(submission.value.password)) {
    return data(
      submission.reply({ fieldErrors: { password: [messages.passwordTooCommon] }, hideFields: ["password"] }),
      { status: 400 },
    );
  }
  if (!(await takeSignup(context.clientIp))) {
    return data(submission.reply({ formErrors: [messages.tooManySignups], hideFields: ["password"] }), {
      status: 429,
    });
  }
  try {
    const session = await getSessionUser(request);
    const user =
      session?.user.is_demo === 1
        ? await convertDemoUser(db(), session.user.id, submission.value)
        : await createUser(db(), submission.value);
    sendConfirmationAfterSignup(db(), user);
    return startSession(request, user, {
      redirectTo: safeRedirect(submission.value.redirectTo, DEFAULT_TARGET),
      toast: mustConfirmEmail(user) ? toasts.signedUpConfirm : toasts.signedUp,
      clientIp: context.clientIp,
    });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return data(submission.reply({ fieldErrors: { email: [error.message] }, hideFields: ["password"] }), {
        status: error.status,
      });
    }
    throw error;
  }
}

export default function SignupPage() {
  const { t } = useTranslation("auth");
  const { redirectTo, fromDemo, providers, passwordSignin } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(signupSchema(), {
    id: "signup",
    lastResult,
  });

  return (
    <AuthPage page="signup" redirectTo={redirectTo}>
      {fromDemo ? <p className="mt-2 text-sm text-brand-light">{t("signup.fromDemo")}</p> : null}
      <SsoButtons providers={providers} redirectTo={redirectTo} divider={passwordSignin} />
      {passwordSignin ? (
        <AuthForm
          form={form}
          redirectTo={redirectTo}
          submit={<SubmitButton label={t("signup.submit")} busyLabel={t("signup.submitting")} />}
        >
          <Field label={t("fields.name")} meta={fields.name} type="text" autoComplete="name" />
          <EmailField meta={fields.email} />
          <PasswordField meta={fields.password} autoComplete="new-password" />
        </AuthForm>
      ) : (
        <ErrorList id={form.errorId} errors={form.errors} />
      )}
      <Link to="/signin?demo=true" className="btn-secondary mt-4 w-full">
        {t("signup.tryDemoFirst")}
      </Link>
    </AuthPage>
  );
}
