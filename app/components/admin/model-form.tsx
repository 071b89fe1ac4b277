import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField, InputField } from "~/components/admin/form-field";
import { ErrorList } from "~/components/ui/field";
import { OneButtonForm } from "~/components/admin/one-button-form";
import { useZodForm } from "~/components/ui/use-zod-form";
import { DEFAULT_CONTEXT_WINDOW, DEFAULT_REPLY_RESERVE } from "#contract/model-window";
import { resultFor } from "~/modules/admin/action-result";
import type { CatalogueModel } from "~/modules/admin/models-admin.server";
import { modelActionSchema } from "~/modules/admin/schemas";

export interface VendorOption {
  id: number;
  name: string;
  displayName: string;
}

/** True while this model's post of this kind is on its way (JS on). */
export function usePending(intent: string, modelId?: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (modelId === undefined || navigation.formData?.get("modelId") === modelId)
  );
}

/** A model's badges, in the order the console shows them (admin:models.badges names each). */
export const MODEL_FLAGS = ["isNew", "isPro", "isBeta", "isDefault", "supportsImages"] as const;

const label = "mb-1 block text-sm text-zinc-400";

const TEXT_FIELDS = [
  ["displayName", "displayName"],
  ["iconText", "icon"],
  ["sizeLabel", "size"],
] as const;

/** Add (no `model`) or edit one catalogue model: its texts, badges and each vendor's id for it. */
export function ModelForm({
  model,
  vendors,
  result,
}: {
  model?: CatalogueModel;
  vendors: VendorOption[];
  result?: SubmissionResult<string[]>;
}) {
  const intent = model ? "edit" : "add";
  const formId = model ? `edit-model-${model.id}` : "add-model";
  const [form, fields] = useZodForm(modelActionSchema(), {
    id: formId,
    lastResult: resultFor(result, { intent, modelId: model?.id }),
    defaultValue: {
      intent,
      modelId: model?.id ?? "",
      displayName: model?.name ?? "",
      iconText: model?.icon ?? "",
      sizeLabel: model?.size ?? "",
      description: model?.description.join("\n") ?? "",
      isNew: model?.isNew ?? true,
      isPro: model?.isPro ?? false,
      isBeta: model?.isBeta ?? false,
      isDefault: model?.isDefault ?? false,
      supportsImages: model?.supportsImages ?? false,
      contextWindow: String(model?.contextWindow ?? DEFAULT_CONTEXT_WINDOW),
      replyReserve: String(model?.replyReserve ?? DEFAULT_REPLY_RESERVE),
      vendorModels: vendors.map((vendor) => ({
        vendorId: String(vendor.id),
        vendorModelId: model?.vendorModels[vendor.id] ?? "",
      })),
    },
  });
  const pending = usePending(intent, model?.id);
  const vendorRows = fields.vendorModels.getFieldList();
  const { t } = useTranslation("admin");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <div className="grid gap-3 sm:grid-cols-[2fr_2fr_5rem_6rem]">
        <FormField label={t("models.modelId")} field={fields.modelId}>
          {model ? (
            <>
              <input type="hidden" name="modelId" value={model.id} />
              <p className="break-all py-2 font-mono text-sm">{model.id}</p>
            </>
          ) : (
            <input {...getInputProps(fields.modelId, { type: "text" })} className="input" />
          )}
        </FormField>
        {TEXT_FIELDS.map(([name, key]) => (
          <InputField key={name} label={t(`models.${key}`)} field={fields[name]} type="text" />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField label={t("models.contextWindow")} field={fields.contextWindow} type="number" />
        <InputField label={t("models.replyReserve")} field={fields.replyReserve} type="number" />
      </div>
      <FormField label={t("models.description")} field={fields.description}>
        <textarea {...getTextareaProps(fields.description)} rows={2} className="input" />
      </FormField>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className={label}>{t("models.badgesLegend")}</legend>
        {MODEL_FLAGS.map((name) => (
          <label key={name} className="flex items-center gap-1">
            <input {...getInputProps(fields[name], { type: "checkbox" })} />
            {t(`models.badges.${name}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className={label}>{t("models.vendorIds")}</legend>
        {vendorRows.map((row, index) => {
          const vendor = vendors[index];
          const item = row.getFieldset();
          if (!vendor) return null;
          return (
            <div key={row.key}>
              <input type="hidden" name={item.vendorId.name} value={vendor.id} />
              <label htmlFor={item.vendorModelId.id} className="mb-1 block text-xs text-zinc-400">
                {vendor.displayName}
              </label>
              <input {...getInputProps(item.vendorModelId, { type: "text" })} className="input" />
              <ErrorList id={item.vendorModelId.errorId} errors={item.vendorModelId.errors} />
            </div>
          );
        })}
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? t("shared.saving") : model ? t("models.save") : t("models.add")}
      </button>
    </Form>
  );
}

/** Up or down one place: a one-button form. */
export function MoveButton({ model, direction }: { model: CatalogueModel; direction: "up" | "down" }) {
  const { t } = useTranslation("admin");
  return (
    <OneButtonForm
      formId={`move-${direction}-${model.id}`}
      schema={modelActionSchema()}
      fields={{ intent: "move", modelId: model.id, direction }}
      label={direction === "up" ? "↑" : "↓"}
      ariaLabel={t(direction === "up" ? "models.moveUp" : "models.moveDown", { name: model.name })}
    />
  );
}
