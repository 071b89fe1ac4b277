/**
 * Settings → Security's two-factor sign-in (docs/product.md §8): off (a button to set it up), set-up under way
 * (the QR code, the same key in text, and the first code), or on (renew the recovery codes, turn it off, both
 * with the password). The recovery codes appear once, in the answer that made them.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { accountSecuritySchema } from "~/modules/auth/schemas";
import { useFormat } from "~/modules/i18n/format";

export interface TwoFactorState {
  enabledAt: string | null;
  recoveryCodesLeft: number;
  enrolment: { secret: string; qrCode: string } | null;
}

type Intent = "two-factor-confirm" | "recovery-codes" | "two-factor-disable";

/** One of the section's forms: its intent, one field (a code or the password), and its button. */
function IntentForm({
  intent,
  answer,
  field,
  label,
  busyLabel,
  className = "btn-secondary",
  children,
}: {
  intent: Intent;
  answer: SubmissionResult<string[]> | undefined;
  field: "code" | "password";
  label: string;
  busyLabel: string;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("settings");
  const [form, fields] = useZodForm(accountSecuritySchema(), {
    id: intent,
    lastResult: answer?.initialValue?.intent === intent ? answer : undefined,
  });
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
      {field === "code" ? (
        <Field
          label={t("twoFactor.code")}
          meta={fields.code}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      ) : (
        <Field
          label={t("twoFactor.password")}
          meta={fields.password}
          type="password"
          autoComplete="current-password"
        />
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className={className} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("settings");
  return (
    <div role="status" className="mt-3 rounded-lg border border-amber-700 bg-amber-950/40 p-4">
      <h3 className="font-semibold text-amber-200">{t("twoFactor.codesTitle")}</h3>
      <p className="mt-1 text-sm text-zinc-300">{t("twoFactor.codesNote")}</p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-zinc-100">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

export function TwoFactorSection({
  state,
  answer,
  recoveryCodes,
}: {
  state: TwoFactorState;
  answer: SubmissionResult<string[]> | undefined;
  recoveryCodes: string[] | null;
}) {
  const { t } = useTranslation("settings");
  const format = useFormat();
  const starting = useNavigation().formData?.get("intent") === "two-factor-start";
  return (
    <section aria-labelledby="two-factor-title" className="mt-6 rounded-lg border border-zinc-800 p-4">
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {t("twoFactor.title")}
      </h2>
      <p className="mt-2 text-sm text-zinc-400">{t("twoFactor.intro")}</p>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {state.enabledAt ? (
        <>
          <p className="mt-3 text-sm text-zinc-300" data-testid="two-factor-status">
            {t("twoFactor.on", { when: format.date(state.enabledAt, { dateStyle: "medium" }) })}{" "}
            {t("twoFactor.codesLeft", { count: state.recoveryCodesLeft })}
          </p>
          <IntentForm
            intent="recovery-codes"
            answer={answer}
            field="password"
            label={t("twoFactor.renew")}
            busyLabel={t("twoFactor.renewing")}
          >
            <p className="text-sm text-zinc-400">{t("twoFactor.renewNote")}</p>
          </IntentForm>
          <IntentForm
            intent="two-factor-disable"
            answer={answer}
            field="password"
            label={t("twoFactor.disable")}
            busyLabel={t("twoFactor.disabling")}
            className="btn-secondary text-red-300"
          />
        </>
      ) : state.enrolment ? (
        <IntentForm
          intent="two-factor-confirm"
          answer={answer}
          field="code"
          label={t("twoFactor.confirm")}
          busyLabel={t("twoFactor.confirming")}
          className="btn-primary"
        >
          <p className="text-sm text-zinc-300">{t("twoFactor.scan")}</p>
          <div className="flex flex-wrap items-center gap-4">
            <img
              src={state.enrolment.qrCode}
              alt={t("twoFactor.qrAlt")}
              width={176}
              height={176}
              className="rounded bg-white"
            />
            <p className="min-w-0 text-sm">
              <span className="block text-zinc-400">{t("twoFactor.secretLabel")}</span>
              <code data-testid="totp-secret" className="break-words font-mono text-base text-zinc-100">
                {state.enrolment.secret}
              </code>
            </p>
          </div>
        </IntentForm>
      ) : (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="two-factor-start" />
          <p className="mb-3 text-sm text-zinc-300" data-testid="two-factor-status">
            {t("twoFactor.off")}
          </p>
          <button type="submit" className="btn-primary" disabled={starting}>
            {starting ? t("twoFactor.starting") : t("twoFactor.start")}
          </button>
        </Form>
      )}
    </section>
  );
}
