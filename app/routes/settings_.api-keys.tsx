/**
 * `/settings/api-keys`: the developer API's personal keys (docs/product.md §12). Professional accounts make
 * named keys, each shown in full once, on the page that answers the form; the list shows the prefix, when it
 * was made and last used, and revokes at once. Starter and demo accounts see the page with the upgrade
 * message (the page is reachable from /api for anyone); their posts are refused with 403.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import {
  ApiKeyRefusal,
  createApiKey,
  listApiKeys,
  mayUseApi,
  revokeApiKey,
} from "~/modules/api/api-keys.server";
import { apiKeyFormSchema, KEY_NAME_MAX } from "~/modules/api/key-schemas";
import { requireUser } from "~/routes-support/auth.server";
import { apiTexts } from "~/modules/texts/catalogue";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { readFormData } from "~/utils/http.server";
import { useFormat } from "~/modules/i18n/format";
import { translate } from "~/modules/i18n/translate";
import { Trans, useTranslation } from "react-i18next";

export const meta: MetaFunction = () => [{ title: translate("settings:apiKeys.metaTitle") }];

const PATH = "/settings/api-keys";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const allowed = mayUseApi(user);
  const keys = allowed ? await listApiKeys(db(), user.id) : [];
  return { allowed, keys };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: apiKeyFormSchema() });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, 400);
  try {
    if (submission.value.intent === "create") {
      const { key } = await createApiKey(db(), user, submission.value.name);
      // The one time the key is sent: in this answer, never in a redirect, a cookie or a log.
      return data(
        { result: submission.reply({ resetForm: true }), created: { name: submission.value.name, key } },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    await revokeApiKey(db(), user.id, submission.value.keyId);
  } catch (error) {
    if (!(error instanceof ApiKeyRefusal)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }), created: null }, error.status);
  }
  return redirectWithToast(request, PATH, { type: "success", title: apiTexts.keyRevoked });
}

export default function ApiKeysPage() {
  const { allowed, keys } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const creating = navigation.formData?.get("intent") === "create";
  const { t } = useTranslation("settings");
  const format = useFormat();
  // In UTC with the zone named, so the server and the browser render the same text.
  const when = (iso: string | null) =>
    iso ? `${format.date(iso, { dateStyle: "medium", timeStyle: "short" })} UTC` : t("apiKeys.never");
  const [form, fields] = useZodForm(apiKeyFormSchema(), {
    id: "create-api-key",
    lastResult: answer?.result,
  });
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/chat?settings=account" className="text-sm text-zinc-400 hover:text-zinc-200">
        {t("backToSettings")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("apiKeys.title")}</h1>
      <p className="mt-2 text-sm text-zinc-400">
        <Trans t={t} i18nKey="apiKeys.intro" components={{ api: <Link to="/api" className="underline" /> }} />
      </p>

      {!allowed ? (
        <section role="alert" className="mt-6 rounded-lg border border-brand/60 bg-brand/10 p-4 text-sm">
          <p>{t("apiKeys.professionalOnly")}</p>
          <Link to="/pricing" className="btn-primary mt-3">
            {t("apiKeys.upgradeNow")}
          </Link>
        </section>
      ) : (
        <>
          {answer?.created ? (
            <section
              aria-labelledby="new-key-title"
              className="mt-6 rounded-lg border border-emerald-600/60 bg-emerald-900/20 p-4 text-sm"
            >
              <h2 id="new-key-title" className="font-semibold">
                {t("apiKeys.newKey", { name: answer.created.name })}
              </h2>
              <p className="mt-1 text-zinc-300">{apiTexts.keyCreated}</p>
              <input
                readOnly
                aria-label={t("apiKeys.newKeyLabel")}
                value={answer.created.key}
                className="input mt-2 font-mono"
                onFocus={(event) => event.currentTarget.select()}
              />
            </section>
          ) : null}

          <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="create" />
            <div className="min-w-0 flex-1">
              <label htmlFor={fields.name.id} className="mb-1 block text-sm font-medium text-zinc-300">
                {t("apiKeys.keyName")}
              </label>
              <input
                {...getInputProps(fields.name, { type: "text" })}
                maxLength={KEY_NAME_MAX}
                placeholder={t("apiKeys.keyNamePlaceholder")}
                className="input"
              />
            </div>
            <button type="submit" className="btn-primary" disabled={creating}>
              {creating ? t("apiKeys.creating") : t("apiKeys.create")}
            </button>
            <div className="w-full">
              <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
              <ErrorList id={form.errorId} errors={form.errors} />
            </div>
          </Form>

          <h2 className="mt-8 text-lg font-semibold">{t("apiKeys.yourKeys")}</h2>
          {keys.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-400">{t("apiKeys.none")}</p>
          ) : (
            <ul
              aria-label={t("apiKeys.listLabel")}
              className="mt-2 divide-y divide-zinc-800 rounded-lg border border-zinc-800"
            >
              {keys.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-zinc-100">{key.name}</p>
                    <p className="font-mono text-zinc-400">{key.prefix}…</p>
                    <p className="text-xs text-zinc-400">
                      {t("apiKeys.used", { created: when(key.createdAt), lastUsed: when(key.lastUsedAt) })}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="keyId" value={key.id} />
                    <button
                      type="submit"
                      className="btn-secondary px-3 py-1.5"
                      aria-label={t("apiKeys.revokeLabel", { name: key.name })}
                    >
                      {t("apiKeys.revoke")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}
