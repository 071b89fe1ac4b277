/** The browser loads English with the page's code and the page's own language, if another, before hydrating. */
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { isLocale, DEFAULT_LOCALE } from "./languages";
import { en } from "./resources";
import { i18nOptions } from "./translate";

const bundles = import.meta.glob<Record<string, unknown>>(
  ["../../locales/*/*.json", "!../../locales/en/*.json"],
  {
    import: "default",
  },
);

export async function initClientI18n(pageLocale: string) {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((locale: string, ns: string) => bundles[`../../locales/${locale}/${ns}.json`]!()))
    .init({
      ...i18nOptions,
      lng: isLocale(pageLocale) ? pageLocale : DEFAULT_LOCALE,
      resources: { en },
      partialBundledLanguages: true,
    });
  return i18next;
}
