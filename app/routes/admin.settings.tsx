import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionToast } from "~/components/admin/failure-notices";
import { FormField, InputField, SelectField } from "~/components/admin/form-field";
import { ScreenHeading } from "~/components/admin/screen-heading";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { settingsSchema } from "~/modules/admin/schemas";
import { answerSettingsAction, loadSettingsScreen } from "~/routes-support/admin/screen-pages.server";

export const meta: MetaFunction = adminMeta("settings");

export const loader = adminLoader(loadSettingsScreen);

export const action = adminAction(answerSettingsAction);

export default function AdminSettings() {
  const { settings, vendors, models } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(settingsSchema(), {
    id: "system-settings",
    lastResult: actionData?.result,
    defaultValue: {
      activeVendorId: settings.activeVendorId === null ? "" : String(settings.activeVendorId),
      defaultModel: settings.defaultModel ?? "",
      defaultSystemPrompt: settings.defaultSystemPrompt,
      starterDailyReplies: String(settings.starterDailyReplies),
      starterHistoryHours: String(settings.starterHistoryHours),
      requireAdminTwoFactor: settings.requireAdminTwoFactor ? "on" : "",
    },
  });
  const saving = useNavigation().state === "submitting";
  const { t } = useTranslation("admin");
  return (
    <section className="max-w-2xl space-y-4">
      <ScreenHeading title={t("screens.settings")} intro={t("settings.intro")} />
      <ActionToast data={actionData} />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("settings.replies")}</legend>
          <SelectField
            label={t("settings.activeVendor")}
            field={fields.activeVendorId}
            choose={t("settings.choose")}
            options={vendors.map((vendor) => [vendor.id, vendor.displayName] as const)}
          />
          <SelectField
            label={t("settings.defaultModel")}
            field={fields.defaultModel}
            choose={t("settings.choose")}
            options={models.map((model) => [model.id, model.name] as const)}
          />
          <FormField
            label={t("settings.systemPrompt")}
            field={fields.defaultSystemPrompt}
            className="sm:col-span-2"
          >
            <textarea {...getTextareaProps(fields.defaultSystemPrompt)} rows={4} className="input" />
          </FormField>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("settings.starterLimits")}</legend>
          <InputField label={t("settings.repliesPerDay")} field={fields.starterDailyReplies} type="number" />
          <InputField label={t("settings.historyHours")} field={fields.starterHistoryHours} type="number" />
        </fieldset>
        <fieldset>
          <legend className="mb-2 font-semibold">{t("twoFactor.title")}</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.requireAdminTwoFactor, { type: "checkbox" })}
              className="mt-1"
              aria-describedby="require-admin-two-factor-help"
            />
            <span>
              {t("twoFactor.requireAdmins")}
              <span id="require-admin-two-factor-help" className="block text-zinc-400">
                {t("twoFactor.requireAdminsHelp")}
              </span>
            </span>
          </label>
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("shared.saving") : t("settings.save")}
        </button>
      </Form>
    </section>
  );
}
