import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ActionAlert } from "~/components/admin/action-alert";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { requireAdminAction, requireAdminPage } from "~/modules/admin/access.server";
import { settingsSchema } from "~/modules/admin/schemas";
import { answerSettingsAction, loadSettingsScreen } from "~/modules/admin/screen-pages.server";

export const meta: MetaFunction = () => [{ title: "Settings — Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadSettingsScreen();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return answerSettingsAction(request, admin, context.clientIp);
}

const label = "mb-1 block text-sm text-zinc-400";

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
  return (
    <section className="max-w-2xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Settings</h1>
        <p className="mt-1 text-sm text-zinc-400">
          What the chat runs with. A saved change holds from the next request; open chat pages are told at
          once.
        </p>
      </div>
      <ActionAlert data={actionData} />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Replies</legend>
          <div>
            <label htmlFor={fields.activeVendorId.id} className={label}>
              Active vendor
            </label>
            <select {...getSelectProps(fields.activeVendorId)} className="input">
              <option value="">Choose…</option>
              {vendors.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.displayName}
                </option>
              ))}
            </select>
            <ErrorList id={fields.activeVendorId.errorId} errors={fields.activeVendorId.errors} />
          </div>
          <div>
            <label htmlFor={fields.defaultModel.id} className={label}>
              Default model
            </label>
            <select {...getSelectProps(fields.defaultModel)} className="input">
              <option value="">Choose…</option>
              {models.map((model) => (
                <option key={model.id} value={model.id}>
                  {model.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.defaultModel.errorId} errors={fields.defaultModel.errors} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={fields.defaultSystemPrompt.id} className={label}>
              Default system prompt
            </label>
            <textarea {...getTextareaProps(fields.defaultSystemPrompt)} rows={4} className="input" />
            <ErrorList id={fields.defaultSystemPrompt.errorId} errors={fields.defaultSystemPrompt.errors} />
          </div>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Free plan (Starter) limits</legend>
          <div>
            <label htmlFor={fields.starterDailyReplies.id} className={label}>
              Replies per day
            </label>
            <input {...getInputProps(fields.starterDailyReplies, { type: "number" })} className="input" />
            <ErrorList id={fields.starterDailyReplies.errorId} errors={fields.starterDailyReplies.errors} />
          </div>
          <div>
            <label htmlFor={fields.starterHistoryHours.id} className={label}>
              History kept (hours)
            </label>
            <input {...getInputProps(fields.starterHistoryHours, { type: "number" })} className="input" />
            <ErrorList id={fields.starterHistoryHours.errorId} errors={fields.starterHistoryHours.errors} />
          </div>
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save settings"}
        </button>
      </Form>
    </section>
  );
}
