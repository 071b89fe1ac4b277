/**
 * `/settings`: the settings dialog's forms post here (intent theme / notifications / language), with or without
 * JavaScript, and come back to `redirectTo` with a toast. The dialog itself lives on the chat screen.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { RouteErrorPage } from "~/components/ui/route-error-page";
import { requireUser } from "~/routes-support/auth.server";
import { db } from "~/modules/server-context.server";
import { savePreferences } from "~/modules/settings/preferences.server";
import { settingsSchema } from "~/modules/settings/settings-schemas";
import { settingsToasts } from "~/modules/settings/settings-messages";
import { themeCookie } from "~/routes-support/theme.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { isSecureRequest, readFormData } from "~/utils/http.server";
import { LOCALE_BY_LANGUAGE } from "~/modules/i18n/languages";
import { switchLocale } from "~/modules/i18n/locale.server";
import { safeRedirect } from "~/utils/redirect";
import { translate } from "~/modules/i18n/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = () => [{ title: translate("settings:metaTitle") }];

const DEFAULT_TARGET = "/chat?settings=preferences";

export const loader = () => redirect(DEFAULT_TARGET);

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: settingsSchema() });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat();
    // Thrown, so the page shows it (and says 400) even after a plain form post without JavaScript.
    throw data(
      { message: errors.filter(Boolean).join(" ") || translate("settings:invalid") },
      { status: 400 },
    );
  }
  const input = submission.value;
  const redirectTo = safeRedirect(input.redirectTo, DEFAULT_TARGET);

  if (input.intent === "theme") {
    // Works signed out too: the theme is a cookie, not an account setting.
    const toast = input.theme === "dark" ? settingsToasts.darkModeEnabled : settingsToasts.lightModeEnabled;
    return redirectWithToast(
      request,
      redirectTo,
      { type: "success", ...toast },
      { headers: { "Set-Cookie": themeCookie(input.theme, { secure: isSecureRequest(request) }) } },
    );
  }

  const { user } = await requireUser(request);
  if (input.intent === "notifications") {
    const on = input.notifications === "on";
    await savePreferences(db(), user.id, { notifications: on });
    const toast = on ? settingsToasts.notificationsEnabled : settingsToasts.notificationsDisabled;
    return redirectWithToast(request, redirectTo, { type: "success", ...toast });
  }
  await savePreferences(db(), user.id, { language: input.language });
  // Switched first, so the toast already speaks the new language.
  const cookie = switchLocale(LOCALE_BY_LANGUAGE[input.language]);
  return redirectWithToast(
    request,
    redirectTo,
    { type: "success", ...settingsToasts.languageUpdated },
    { headers: { "Set-Cookie": cookie } },
  );
}

/** Never shown: the loader sends a visitor to the dialog on the chat screen. */
export default function SettingsRoute() {
  return null;
}

export function ErrorBoundary() {
  const { t } = useTranslation("settings");
  return <RouteErrorPage title={t("notSaved")} back={{ to: DEFAULT_TARGET, label: t("backToSettings") }} />;
}
