/** What `/settings` accepts (docs/product.md §8), shared by the forms and the action. */
import { z } from "zod";
import type { Language } from "#db/schema";
import { settingsErrors } from "./settings-messages";
import { perLocale } from "../i18n/translate";

export const THEMES = ["dark", "light"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "dark";

export const LANGUAGES = [
  "english",
  "spanish",
  "french",
  "german",
  "chinese",
] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = "english";

export const SETTINGS_TABS = ["account", "preferences", "about"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** `?settings=<tab>`: a known tab, or Account for anything else. */
export function settingsTab(value: string | null | undefined): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? "") ? (value as SettingsTab) : "account";
}

const redirectTo = z.string().max(2048).optional();

/** A preference's form: its intent, one field of the same name (one of `values`, else `message`) and the return. */
function preferenceSchema<Name extends string, const Values extends readonly [string, ...string[]]>(
  name: Name,
  values: Values,
  message: string,
) {
  const value = z.enum(values, { errorMap: () => ({ message }) });
  return z.object({
    intent: z.literal(name),
    ...({ [name]: value } as Record<Name, typeof value>),
    redirectTo,
  });
}

export const themeSchema = perLocale(() => preferenceSchema("theme", THEMES, settingsErrors.badTheme));

export const notificationsSchema = perLocale(() =>
  preferenceSchema("notifications", ["on", "off"], settingsErrors.badNotifications),
);

export const languageSchema = perLocale(() =>
  preferenceSchema("language", LANGUAGES, settingsErrors.badLanguage),
);

export const settingsSchema = perLocale(() =>
  z.discriminatedUnion("intent", [themeSchema(), notificationsSchema(), languageSchema()], {
    errorMap: () => ({ message: settingsErrors.badIntent }),
  }),
);
