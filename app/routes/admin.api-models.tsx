import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionToast } from "~/components/admin/failure-notices";
import { MODEL_FLAGS, ModelForm, MoveButton } from "~/components/admin/model-form";
import { ScreenHeading } from "~/components/admin/screen-heading";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";
import { resultFor } from "~/modules/admin/action-result";
import { adminMeta } from "~/modules/admin/meta";
import { answerModelAction, loadModelsScreen } from "~/routes-support/admin/screen-pages.server";

export const meta: MetaFunction = adminMeta("models");

export const loader = adminLoader(loadModelsScreen);

export const action = adminAction(answerModelAction);

export default function AdminModels() {
  const { models, vendors } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData?.result;
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-4">
      <ScreenHeading title={t("screens.models")} intro={t("models.intro")} />
      <ActionToast data={actionData} />
      <section aria-labelledby="add-model-heading" className="rounded-xl border border-zinc-800 p-4">
        <h2 id="add-model-heading" className="mb-3 font-semibold">
          {t("models.addTitle")}
        </h2>
        <ModelForm vendors={vendors} result={result} />
      </section>
      {models.length === 0 ? <p className="text-zinc-400">{t("models.empty")}</p> : null}
      <ol className="space-y-3">
        {models.map((model, index) => (
          <li key={model.id} data-testid="catalogue-model" className="rounded-xl border border-zinc-800 p-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded bg-zinc-800 px-2 py-1 font-mono text-xs">{model.icon}</span>
              <h2 className="font-semibold">{model.name}</h2>
              <span className="text-xs text-zinc-400">{model.size}</span>
              {MODEL_FLAGS.filter((flag) => model[flag]).map((flag) => (
                <span key={flag} className="rounded bg-violet-900 px-1.5 py-0.5 text-xs">
                  {t(`models.badges.${flag}`)}
                </span>
              ))}
              <span className="text-xs text-zinc-400">
                {t("models.vendorCount", {
                  served: Object.keys(model.vendorModels).length,
                  total: vendors.length,
                })}
              </span>
              <div className="ml-auto flex gap-1">
                {index > 0 ? <MoveButton model={model} direction="up" /> : null}
                {index < models.length - 1 ? <MoveButton model={model} direction="down" /> : null}
              </div>
            </div>
            <details
              className="mt-2"
              open={Boolean(resultFor(result, { intent: "edit", modelId: model.id }))}
            >
              <summary className="cursor-pointer text-sm text-zinc-400">
                {t("models.edit", { name: model.name })}
              </summary>
              <div className="mt-3">
                <ModelForm model={model} vendors={vendors} result={result} />
              </div>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
