import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchResults } from "~/components/chat/search-results";
import { shortcutTarget } from "~/components/chat/shortcuts";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { starterLimitTexts } from "~/modules/billing/plan";
import { searchQuerySchema } from "~/modules/chats/schemas";
import { searchChats } from "~/modules/chats/search.server";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { requireUser } from "~/routes-support/auth.server";
import { readPlanLimits } from "#db/system-settings";

export const meta: MetaFunction = () => [{ title: translate("chat:search.metaTitle") }];

/** GET /chat/search?q=…: the user's chats matching what was said, best first (docs/product.md §6 'Search'). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const history = user.plan === "starter" ? starterLimitTexts(await readPlanLimits(db())).history : null;
  if (!params.has("q")) return { lastResult: null, query: "", results: null, history };
  const submission = parseWithZod(params, { schema: searchQuerySchema() });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply(), query: "", results: null, history }, { status: 400 });
  }
  const { q } = submission.value;
  return { lastResult: submission.reply(), query: q, results: await searchChats(db(), user, q), history };
}

export default function ChatSearch() {
  const { lastResult, query, results, history } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  const searching = useNavigation().location?.pathname === "/chat/search";
  const [form, fields] = useZodForm(searchQuerySchema(), { lastResult, shouldValidate: "onSubmit" });
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-4 py-6">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t("search.heading")}</h1>
        <Form method="get" role="search" {...getFormProps(form)} className="flex flex-col gap-1">
          <label htmlFor={fields.q.id} className="text-sm font-medium text-zinc-300">
            {t("search.label")}
          </label>
          <div className="flex gap-2">
            <input
              {...getInputProps(fields.q, { type: "search" })}
              key={fields.q.key}
              defaultValue={query || (fields.q.initialValue ?? "")}
              placeholder={t("search.placeholder")}
              autoComplete="off"
              {...shortcutTarget("search")}
              // The page is opened to type a search (from the sidebar, or Ctrl+K).
              autoFocus={!query}
              className="input min-w-0 flex-1"
            />
            <button type="submit" className="btn-primary shrink-0" disabled={searching}>
              {t("search.submit")}
            </button>
          </div>
          <ErrorList id={fields.q.errorId} errors={fields.q.errors} />
        </Form>
        {history ? <p className="text-sm text-zinc-400">{t("search.starterWindow", { history })}</p> : null}
        {results ? <SearchResults query={query} results={results} /> : null}
      </div>
    </div>
  );
}
