/**
 * `/locale`: the footer's language picker posts here, with or without JavaScript. The choice is a cookie for
 * a visitor, and also the stored preference of a signed-in user.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { RouteErrorPage } from "~/components/ui/route-error-page";
import { getSessionUser } from "~/routes-support/auth.server";
import { languageOf } from "~/modules/i18n/languages";
import { localeSchema } from "~/modules/i18n/locale-schema";
import { switchLocale } from "~/modules/i18n/locale.server";
import { db } from "~/modules/server-context.server";
import { savePreferences } from "~/modules/settings/preferences.server";
import { readFormData } from "~/utils/http.server";
import { safeRedirect } from "~/utils/redirect";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: localeSchema() });
  if (submission.status !== "success") {
    // Thrown, so the page shows it (and says 400) after a plain form post too.
    throw data(
      {
        message: Object.values(submission.error ?? {})
          .flat()
          .join(" "),
      },
      { status: 400 },
    );
  }
  const { locale, redirectTo } = submission.value;
  const session = await getSessionUser(request);
  if (session) await savePreferences(db(), session.user.id, { language: languageOf(locale) });
  return redirect(safeRedirect(redirectTo, "/"), { headers: { "Set-Cookie": switchLocale(locale) } });
}

/** Never shown: a successful choice redirects back to the page it was made on. */
export default function LocaleRoute() {
  return null;
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <RouteErrorPage title={t("language.notChanged")} back={{ to: "/", label: t("errorPage.home") }} />;
}
