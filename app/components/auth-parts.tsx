import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TEXT_LINK_CLASS } from "~/components/site/text-links";
import { ErrorList, Field } from "~/components/ui/field";

/** Each page's way to the other one: 'No account yet? Sign Up' and back. */
const OTHER_PAGE = {
  signin: { to: "/signup", question: "signin.noAccount", label: "signin.signUp" },
  signup: { to: "/signin", question: "signup.haveAccount", label: "signup.signIn" },
} as const;

/** The account pages' frame: a narrow column under the title and its lead, then the page's own parts. */
export function AuthFrame({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-zinc-400">{lead}</p>
      {children}
    </main>
  );
}

/**
 * The sign-in and sign-up pages' frame, ending with the link to the other page, which keeps where the visitor
 * was going.
 */
export function AuthPage({
  page,
  redirectTo,
  children,
}: {
  page: keyof typeof OTHER_PAGE;
  redirectTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const other = OTHER_PAGE[page];
  return (
    <AuthFrame title={t(`${page}.title`)} lead={t(`${page}.lead`)}>
      {children}
      <p className="mt-6 text-center text-sm text-zinc-400">
        {t(other.question)}{" "}
        <Link to={`${other.to}?${new URLSearchParams({ redirectTo })}`} className={TEXT_LINK_CLASS}>
          {t(other.label)}
        </Link>
      </p>
    </AuthFrame>
  );
}

/** A link under an account page's form, e.g. back to sign in. */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={to} className={TEXT_LINK_CLASS}>
        {children}
      </Link>
    </p>
  );
}

/** An account page's form: its fields, the form's own errors, then `submit`; it keeps `redirectTo` if given. */
export function AuthForm<Schema extends Record<string, unknown>>({
  form,
  redirectTo,
  submit,
  children,
}: {
  form: FormMetadata<Schema>;
  redirectTo?: string;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-4">
      {redirectTo === undefined ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      {children}
      <ErrorList id={form.errorId} errors={form.errors} />
      {submit}
    </Form>
  );
}

/** The sign-in and sign-up forms' e-mail field. */
export function EmailField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation("auth");
  return (
    <Field
      label={t("fields.email")}
      meta={meta}
      type="email"
      autoComplete="email"
      placeholder={t("fields.emailPlaceholder")}
    />
  );
}

/** The password field: `autoComplete` tells a password manager whether to fill one in or make one up. */
export function PasswordField({
  meta,
  autoComplete,
}: {
  meta: FieldMetadata<string | undefined>;
  autoComplete: "current-password" | "new-password";
}) {
  const { t } = useTranslation("auth");
  return <Field label={t("fields.password")} meta={meta} type="password" autoComplete={autoComplete} />;
}
