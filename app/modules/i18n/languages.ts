/**
 * The interface's five languages: the name Settings stores (user_preferences.language) and the BCP 47 tag
 * the page, i18next and Intl use. A visitor's language comes from the `lng` cookie, else Accept-Language.
 */
import type { Language } from "#db/schema";

export const LOCALE_BY_LANGUAGE = {
  english: "en",
  spanish: "es",
  french: "fr",
  german: "de",
  chinese: "zh",
} as const satisfies Record<Language, string>;

/** Each language's name in itself, as the language pickers list them. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  english: "English",
  spanish: "Español",
  french: "Français",
  german: "Deutsch",
  chinese: "中文",
};

export type Locale = (typeof LOCALE_BY_LANGUAGE)[Language];
export const LOCALES = Object.values(LOCALE_BY_LANGUAGE) as Locale[];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "lng";

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

export const languageOf = (locale: Locale) =>
  (Object.keys(LOCALE_BY_LANGUAGE) as Language[]).find(
    (language) => LOCALE_BY_LANGUAGE[language] === locale,
  )!;

/** All five read left to right; `dir` still comes from here so a right-to-left language is one line away. */
export const directionOf = (_locale: Locale): "ltr" | "rtl" => "ltr";

function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  const match = cookieHeader?.match(/(?:^|;\s*)lng=([^;]*)/);
  const value = match?.[1];
  return isLocale(value) ? value : null;
}

/** The best of the browser's Accept-Language that we speak ("de-AT;q=0.9" → de), by quality then order. */
function headerLocale(acceptLanguage: string | null | undefined): Locale | null {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.toLowerCase(), quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** A request's language before we know who sent it: the cookie, else the browser's list, else English. */
export const detectLocale = (
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
) => cookieLocale(cookieHeader) ?? headerLocale(acceptLanguage) ?? DEFAULT_LOCALE;
