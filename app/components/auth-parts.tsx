import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TEXT_LINK_CLASS } from "~/components/site/text-links";
import { Field } from "~/components/ui/field";

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

/** 'No account yet? Sign Up' and back: the other form, keeping where the visitor was going. */
export function AuthSwitch({
  question,
  label,
  to,
  redirectTo,
}: {
  question: string;
  label: string;
  to: "/signin" | "/signup";
  redirectTo: string;
}) {
  return (
    <p className="mt-6 text-center text-sm text-zinc-400">
      {question}{" "}
      <Link to={`${to}?${new URLSearchParams({ redirectTo })}`} className={TEXT_LINK_CLASS}>
        {label}
      </Link>
    </p>
  );
}
