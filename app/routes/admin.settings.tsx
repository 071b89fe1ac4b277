import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionAlert } from "~/components/admin/action-alert";
import { FormField } from "~/components/admin/form-field";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { requireAdminAction, requireAdminPage } from "~/modules/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { settingsSchema } from "~/modules/admin/schemas";
import { answerSettingsAction, loadSettingsScreen } from "~/modules/admin/screen-pages.server";

export const meta: MetaFunction = adminMeta("settings");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadSettingsScreen();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return answerSettingsAction(request, admin, context.clientIp);
}

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
    },
  });
  const saving = useNavigation().state === "submitting";
  const { t } = useTranslation("admin");
  const choose = <option value="">{t("settings.choose")}</option>;
  return (
    <section className="max-w-2xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t("screens.settings")}</h1>
        <p className="mt-1 text-sm text-zinc-400">{t("settings.intro")}</p>
      </div>
      <ActionAlert data={actionData} />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("settings.replies")}</legend>
          <FormField label={t("settings.activeVendor")} field={fields.activeVendorId}>
            <select {...getSelectProps(fields.activeVendorId)} className="input">
              {choose}
              {vendors.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.displayName}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t("settings.defaultModel")} field={fields.defaultModel}>
            <select {...getSelectProps(fields.defaultModel)} className="input">
              {choose}
              {models.map((model) => (
                <option key={model.id} value={model.id}>
                  {model.name}
                </option>
              ))}
            </select>
          </FormField>
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
          <FormField label={t("settings.repliesPerDay")} field={fields.starterDailyReplies}>
            <input {...getInputProps(fields.starterDailyReplies, { type: "number" })} className="input" />
          </FormField>
          <FormField label={t("settings.historyHours")} field={fields.starterHistoryHours}>
            <input {...getInputProps(fields.starterHistoryHours, { type: "number" })} className="input" />
          </FormField>
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("shared.saving") : t("settings.save")}
        </button>
      </Form>
    </section>
  );
}
