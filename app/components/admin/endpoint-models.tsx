import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OneButtonForm } from "~/components/admin/one-button-form";
import type { AdminVendorRow, EndpointModelList } from "~/modules/admin/vendors.server";
import { vendorActionSchema } from "~/modules/admin/schemas";

/**
 * The models an OpenAI-format endpoint reports (Ollama, vLLM, LM Studio, …), each added to the catalogue in one
 * click. Listing is a GET form (`?models=<vendor>`), so it works, and reloads after an add, without JavaScript.
 */
export function EndpointModels({ vendor, list }: { vendor: AdminVendorRow; list: EndpointModelList | null }) {
  const navigation = useNavigation();
  const listing =
    navigation.state === "loading" &&
    new URLSearchParams(navigation.location.search).get("models") === vendor.name;
  const { t } = useTranslation("admin");
  return (
    <section aria-label={t("vendors.endpointModels")} className="space-y-2">
      <Form method="get">
        <input type="hidden" name="models" value={vendor.name} />
        <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={listing}>
          {listing ? t("vendors.listingModels") : t("vendors.listModels")}
        </button>
      </Form>
      {list === null ? null : !list.ok ? (
        <p role="alert" className="text-sm text-red-400" data-testid="endpoint-models-error">
          {list.message}
        </p>
      ) : list.models.length === 0 ? (
        <p className="text-sm text-zinc-400">{t("vendors.noEndpointModels")}</p>
      ) : (
        <ul
          data-testid="endpoint-models"
          className="max-h-80 divide-y divide-zinc-800 overflow-y-auto rounded-lg border border-zinc-800"
        >
          {list.models.map((model) => (
            <li key={model.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
              <span className="break-all font-mono text-sm">{model.id}</span>
              <span className="ml-auto">
                {model.inCatalogue === null ? (
                  <OneButtonForm
                    formId={`add-model-${vendor.id}-${model.id}`}
                    schema={vendorActionSchema()}
                    fields={{ intent: "add-model", vendorId: vendor.id, vendorModelId: model.id }}
                    label={t("vendors.addModel")}
                    busyLabel={t("vendors.addingModel")}
                    ariaLabel={t("shared.named", { action: t("vendors.addModel"), name: model.id })}
                  />
                ) : (
                  <span className="text-xs text-emerald-400">
                    {t("vendors.inCatalogue", { name: model.inCatalogue })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
