import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionToast } from "~/components/admin/failure-notices";
import { FormField, InputField, SelectOptions } from "~/components/admin/form-field";
import { OneButtonForm } from "~/components/admin/one-button-form";
import { ScreenHeading } from "~/components/admin/screen-heading";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { resultFor } from "~/modules/admin/action-result";
import { adminMeta } from "~/modules/admin/meta";
import { SSO_PRESETS, ssoActionSchema } from "~/modules/auth/sso-schemas";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";
import { answerSsoAction, loadSso } from "~/routes-support/admin/sso-pages.server";

export const meta: MetaFunction = adminMeta("sso");

export const loader = adminLoader(loadSso);

export const action = adminAction(answerSsoAction);

export default function AdminSso() {
  const { providers, settings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section className="max-w-2xl space-y-6">
      <ScreenHeading title={t("screens.sso")} intro={t("sso.intro")} />
      <ActionToast data={actionData} />
      <section aria-labelledby="sso-providers" className="space-y-3">
        <h2 id="sso-providers" className="font-semibold">
          {t("sso.providers")}
        </h2>
        {providers.length === 0 ? <p className="text-sm text-zinc-400">{t("sso.none")}</p> : null}
        <ul className="space-y-3">
          {providers.map((provider) => (
            <li key={provider.id} className="rounded-lg border border-zinc-800 p-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">{provider.displayName}</p>
                  <p className="break-all text-zinc-400">{provider.issuerUrl}</p>
                  <p className="break-all text-zinc-400">
                    {t("sso.clientId")}: {provider.clientId} · {provider.scopes}
                  </p>
                </div>
                <OneButtonForm
                  formId={`remove-${provider.id}`}
                  schema={ssoActionSchema()}
                  fields={{ intent: "remove-provider", providerId: provider.id }}
                  label={t("sso.remove")}
                  ariaLabel={t("sso.removeAria", { name: provider.displayName })}
                />
              </div>
              <p className="mt-2 text-zinc-400">
                {t("sso.callbackUrl")}: <code className="break-all">{provider.callbackUrl}</code>
              </p>
            </li>
          ))}
        </ul>
      </section>
      <AddProviderForm result={resultFor(actionData?.result, { intent: "add-provider" })} />
      <SigninSettingsForm
        settings={settings}
        result={resultFor(actionData?.result, { intent: "signin-settings" })}
      />
    </section>
  );
}

type Result = ReturnType<typeof resultFor>;

function AddProviderForm({ result }: { result: Result }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useZodForm(ssoActionSchema(), {
    id: "sso-add-provider",
    lastResult: result,
    defaultValue: { preset: "oidc" },
  });
  const saving = useNavigation().formData?.get("intent") === "add-provider";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="add-provider" />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t("sso.add")}</legend>
        <FormField label={t("sso.preset")} field={fields.preset}>
          <select {...getSelectProps(fields.preset)} className="input">
            <SelectOptions
              options={SSO_PRESETS.map((preset) => [preset, t(`sso.presets.${preset}`)] as const)}
            />
          </select>
        </FormField>
        <InputField label={t("sso.displayName")} field={fields.displayName} type="text" />
        <InputField
          label={t("sso.issuerUrl")}
          field={fields.issuerUrl}
          type="text"
          className="sm:col-span-2"
        />
        <InputField label={t("sso.clientId")} field={fields.clientId} type="text" />
        <FormField label={t("sso.clientSecret")} field={fields.clientSecret}>
          <input
            {...getInputProps(fields.clientSecret, { type: "password" })}
            autoComplete="off"
            className="input"
          />
        </FormField>
        <InputField label={t("sso.scopes")} field={fields.scopes} type="text" className="sm:col-span-2" />
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? t("shared.saving") : t("sso.save")}
      </button>
    </Form>
  );
}

function SigninSettingsForm({
  settings,
  result,
}: {
  settings: { passwordSignin: boolean; ssoSignupDomains: string[] };
  result: Result;
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useZodForm(ssoActionSchema(), {
    id: "sso-signin-settings",
    lastResult: result,
    defaultValue: {
      passwordSignin: settings.passwordSignin ? "on" : "off",
      ssoSignupDomains: settings.ssoSignupDomains.join(", "),
    },
  });
  const saving = useNavigation().formData?.get("intent") === "signin-settings";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signin-settings" />
      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold">{t("sso.signin")}</legend>
        <FormField label={t("sso.passwordSignin")} field={fields.passwordSignin}>
          <select {...getSelectProps(fields.passwordSignin)} className="input">
            <SelectOptions
              options={[
                ["on", t("sso.passwordOn")],
                ["off", t("sso.passwordOff")],
              ]}
            />
          </select>
        </FormField>
        <InputField label={t("sso.signupDomains")} field={fields.ssoSignupDomains} type="text" />
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? t("shared.saving") : t("sso.saveSettings")}
      </button>
    </Form>
  );
}
