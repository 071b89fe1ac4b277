import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthForm, AuthPage, EmailField, PasswordField } from "~/components/auth-parts";
import { TEXT_LINK_CLASS } from "~/components/site/text-links";
import { SsoButtons } from "~/components/sso-buttons";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ErrorList } from "~/components/ui/field";
import { createAuthenticator, PASSWORD_STRATEGY, SigninError } from "~/modules/auth/authenticator.server";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { startDemo } from "~/modules/auth/demo.server";
import { signinSchema } from "~/modules/auth/schemas";
import { redirectIfSignedIn, startSession } from "~/routes-support/auth.server";
import { startSecondStep } from "~/routes-support/two-factor-step.server";
import { hasTwoFactor } from "~/modules/auth/two-factor.server";
import { db } from "~/modules/server-context.server";
import { DEMO_EMAIL, DEMO_PASSWORD, normaliseEmail } from "~/modules/auth/users.server";
import { signinOptions } from "~/modules/auth/sso-admin.server";
import { messages, ssoTexts, toasts } from "~/modules/texts/catalogue";
import { translate } from "~/modules/i18n/translate";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("auth:signin.metaTitle") }];

const DEFAULT_TARGET = "/chat";

/**
 * `?demo=true` only offers the demo: a GET creates nothing. The page starts it with one click, or by itself
 * when JavaScript runs (the demo link's auto-start, docs/product.md §7), through the same POST as the 'Try Demo' button.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), DEFAULT_TARGET);
  await redirectIfSignedIn(request, redirectTo);
  return {
    redirectTo,
    demo: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    autoStartDemo: url.searchParams.get("demo") === "true",
    ...(await signinOptions(db())),
  };
}

/** Only a POST starts one. A visitor already signed in goes to the target and keeps their session. */
async function demo(request: Request, clientIp: string, redirectTo: string) {
  await redirectIfSignedIn(request, redirectTo);
  const user = await startDemo(clientIp);
  if (!user) return data({ demoError: messages.tooManyDemos }, { status: 429 });
  return startSession(request, user, { redirectTo, toast: toasts.demoActive, clientIp });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request.clone());
  const redirectTo = safeRedirect(formData.get("redirectTo"), DEFAULT_TARGET);
  if (formData.get("intent") === "demo") return demo(request, context.clientIp, redirectTo);

  const submission = parseWithZod(formData, { schema: signinSchema() });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  if (!(await signinOptions(db())).passwordSignin)
    return data(submission.reply({ formErrors: [ssoTexts.passwordSigninOff], hideFields: ["password"] }), {
      status: 403,
    });
  if (normaliseEmail(submission.value.email) === DEMO_EMAIL) {
    if (submission.value.password === DEMO_PASSWORD) return demo(request, context.clientIp, redirectTo);
    return data(submission.reply({ formErrors: [messages.demoFailed], hideFields: ["password"] }), {
      status: 401,
    });
  }
  try {
    const user = await createAuthenticator({ clientIp: context.clientIp }).authenticate(
      PASSWORD_STRATEGY,
      request,
    );
    if (await hasTwoFactor(db(), user.id)) return startSecondStep(request, user, redirectTo);
    return startSession(request, user, {
      redirectTo,
      toast: toasts.signedIn,
      clientIp: context.clientIp,
    });
  } catch (error) {
    if (!(error instanceof SigninError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), {
      status: error.status,
    });
  }
}

export default function SigninPage() {
  const { t } = useTranslation("auth");
  const { redirectTo, demo, autoStartDemo, providers, passwordSignin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const demoError = actionData && "demoError" in actionData ? actionData.demoError : null;
  const lastResult = actionData && !("demoError" in actionData) ? actionData : undefined;
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" ? (navigation.formData?.get("intent") ?? "signin") : null;
  const demoButton = useRef<HTMLButtonElement>(null);
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStartDemo || autoStarted.current || !demoButton.current) return;
    autoStarted.current = true;
    demoButton.current.form?.requestSubmit(demoButton.current);
  }, [autoStartDemo]);
  const [form, fields] = useZodForm(signinSchema(), {
    id: "signin",
    lastResult,
  });

  return (
    <AuthPage page="signin" redirectTo={redirectTo}>
      <SsoButtons providers={providers} redirectTo={redirectTo} divider={passwordSignin} />
      {passwordSignin ? (
        <AuthForm
          form={form}
          redirectTo={redirectTo}
          submit={
            <SubmitButton
              intent="signin"
              busy={submitting === "signin"}
              label={t("signin.submit")}
              busyLabel={t("signin.submitting")}
            />
          }
        >
          <EmailField meta={fields.email} />
          <PasswordField meta={fields.password} autoComplete="current-password" />
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className={TEXT_LINK_CLASS}>
              {t("signin.forgotPassword")}
            </Link>
          </p>
        </AuthForm>
      ) : (
        <ErrorList id={form.errorId} errors={form.errors} />
      )}
      <div className="mt-6 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4 text-sm">
        <p className="font-medium">{t("signin.demoIntro")}</p>
        <p className="mt-1 text-zinc-400">
          {t("signin.demoCredentials")} <code>{demo.email}</code> / <code>{demo.password}</code>
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <SubmitButton
            ref={demoButton}
            intent="demo"
            className="btn-secondary w-full"
            busy={submitting === "demo"}
            label={t("signin.tryDemo")}
            busyLabel={t("signin.startingDemo")}
          />
          {demoError ? (
            <p role="alert" className="mt-2 text-red-400">
              {demoError}
            </p>
          ) : null}
        </Form>
      </div>
    </AuthPage>
  );
}
