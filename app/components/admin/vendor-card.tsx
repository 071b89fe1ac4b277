import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField, InputField } from "~/components/admin/form-field";
import { ErrorList } from "~/components/ui/field";
import { OneButtonForm } from "~/components/admin/one-button-form";
import { useZodForm } from "~/components/ui/use-zod-form";
import { resultFor } from "~/modules/admin/action-result";
import type { AdminVendorRow, EndpointModelList } from "~/modules/admin/vendors.server";
import { speaksOpenAiFormat } from "#contract/jobs";
import { EndpointModels } from "~/components/admin/endpoint-models";
import { vendorActionSchema } from "~/modules/admin/schemas";

type Intent = "activate" | "test" | "edit" | "key";

function usePending(vendorId: number, intent: Intent) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("vendorId") === String(vendorId)
  );
}

function ButtonForm({
  vendor,
  intent,
  label,
  busy,
}: {
  vendor: AdminVendorRow;
  intent: Intent;
  label: string;
  busy: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <OneButtonForm
      formId={`${intent}-vendor-${vendor.id}`}
      schema={vendorActionSchema()}
      fields={{ intent, vendorId: vendor.id }}
      label={label}
      busyLabel={busy}
      ariaLabel={t("shared.named", { action: label, name: vendor.displayName })}
    />
  );
}

export function VendorCard({
  vendor,
  result,
  endpointModels,
}: {
  vendor: AdminVendorRow;
  result?: SubmissionResult<string[]>;
  /** The models this vendor's endpoint reported, when the admin asked for them. */
  endpointModels: EndpointModelList | null;
}) {
  const [editForm, edit] = useZodForm(vendorActionSchema(), {
    id: `edit-vendor-${vendor.id}`,
    lastResult: resultFor(result, { intent: "edit", vendorId: String(vendor.id) }),
    defaultValue: {
      displayName: vendor.displayName,
      endpointUrl: vendor.endpointUrl,
      priority: String(vendor.priority),
    },
  });
  const [keyForm, key] = useZodForm(vendorActionSchema(), {
    id: `key-vendor-${vendor.id}`,
    lastResult: resultFor(result, { intent: "key", vendorId: String(vendor.id) }),
  });
  const saving = usePending(vendor.id, "edit");
  const savingKey = usePending(vendor.id, "key");
  const { t } = useTranslation("admin");
  return (
    <li data-testid="vendor" className="space-y-4 rounded-xl border border-zinc-800 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{vendor.displayName}</h2>
        <span className="text-xs text-zinc-400">{vendor.name}</span>
        {vendor.isActive ? (
          <span className="rounded bg-emerald-800 px-1.5 py-0.5 text-xs">{t("shared.active")}</span>
        ) : null}
        <span className="text-xs text-zinc-400">
          {t("vendors.availableModels", { count: vendor.availableModels })}
        </span>
        <div className="ml-auto flex gap-1">
          {vendor.isActive ? null : (
            <ButtonForm
              vendor={vendor}
              intent="activate"
              label={t("vendors.activate")}
              busy={t("vendors.activating")}
            />
          )}
          <ButtonForm vendor={vendor} intent="test" label={t("vendors.test")} busy={t("vendors.testing")} />
        </div>
      </div>
      {vendor.lastTest ? (
        <p
          className={`text-sm ${vendor.lastTest.ok ? "text-emerald-400" : "text-red-400"}`}
          data-testid="last-test"
        >
          {t("vendors.lastTest", { message: vendor.lastTest.message })}
        </p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(editForm)}
        className="grid gap-2 sm:grid-cols-[1fr_2fr_6rem_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="vendorId" value={vendor.id} />
        <InputField label={t("vendors.displayName")} field={edit.displayName} type="text" />
        <InputField label={t("vendors.endpointUrl")} field={edit.endpointUrl} type="text" />
        <InputField label={t("vendors.priority")} field={edit.priority} type="number" />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("shared.saving") : t("shared.save")}
        </button>
        <div className="sm:col-span-4">
          <ErrorList id={editForm.errorId} errors={editForm.errors} />
        </div>
      </Form>
      <Form
        method="post"
        {...getFormProps(keyForm)}
        className="flex flex-wrap items-end gap-2"
        autoComplete="off"
      >
        <input type="hidden" name="intent" value="key" />
        <input type="hidden" name="vendorId" value={vendor.id} />
        <FormField
          label={
            vendor.keyLast4 ? t("vendors.apiKeySet", { last4: vendor.keyLast4 }) : t("vendors.apiKeyNotSet")
          }
          field={key.apiKey}
        >
          <input
            {...getInputProps(key.apiKey, { type: "password" })}
            placeholder="sk-..."
            autoComplete="new-password"
            className="input"
          />
          <ErrorList id={keyForm.errorId} errors={keyForm.errors} />
        </FormField>
        <button type="submit" className="btn-secondary" disabled={savingKey}>
          {savingKey ? t("shared.saving") : t("vendors.setKey")}
        </button>
      </Form>
      {speaksOpenAiFormat(vendor.name) ? <EndpointModels vendor={vendor} list={endpointModels} /> : null}
    </li>
  );
}
