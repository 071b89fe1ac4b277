/**
 * The `lng` cookie carries the language between requests. A signed-in user's choice (Settings) is written to
 * it when they choose and when they sign in; a page request without the cookie asks the database once.
 */
import type { Db } from "#db/database";
import { setRequestLanguage } from "./request-language.server";
import { savePreferences, storedLanguage } from "~/modules/settings/preferences.server";
import { isLocale, languageOf, LOCALE_BY_LANGUAGE, LOCALE_COOKIE, type Locale } from "./languages";
import { currentLocale } from "./translate";

const ONE_YEAR_S = 365 * 24 * 3600;

export const localeCookie = (locale: Locale) =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;

const cookieValue = (cookieHeader: string | null) =>
  new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "")?.[1];

/** Speaks `locale` for the rest of this request (the toast an action sets, the page it renders). */
export function switchLocale(locale: Locale) {
  setRequestLanguage(locale);
  return localeCookie(locale);
}

/**
 * A signed-in user's language as the cookie to set: the one they chose, or, if they never chose, the one
 * they are reading in now, which becomes their choice (a visitor who signs up in Spanish stays in Spanish).
 */
export async function userLocaleCookie(database: Db, userId: string) {
  const stored = await storedLanguage(database, userId);
  if (stored) return switchLocale(LOCALE_BY_LANGUAGE[stored]);
  await savePreferences(database, userId, { language: languageOf(currentLocale()) });
  return localeCookie(currentLocale());
}

/**
 * The page's language for the root loader: the request's, except for a signed-in user whose browser has no
 * cookie yet (a new device kept signed in, a cleared cookie): their own, set as the cookie.
 */
export async function pageLocale(cookieHeader: string | null, database: Db, userId: string | undefined) {
  if (!userId || isLocale(cookieValue(cookieHeader))) return { locale: currentLocale(), setCookie: null };
  const setCookie = await userLocaleCookie(database, userId);
  return { locale: currentLocale(), setCookie };
}
