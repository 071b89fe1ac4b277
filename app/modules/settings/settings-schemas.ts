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
export const LANGUAGE_LABELS: Record<Language, string> = {
  english: "English",
  spanish: "Español",
  french: "Français",
  german: "Deutsch",
  chinese: "中文",
};

export const SETTINGS_TABS = ["account", "preferences", "about"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** `?settings=<tab>`: a known tab, or Account for anything else. */
export function settingsTab(value: string | null | undefined): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? "") ? (value as SettingsTab) : "account";
}

const redirectTo = z.string().max(2048).optional();

export const themeSchema = perLocale(() =>
  z.object({
    intent: z.literal("theme"),
    theme: z.enum(THEMES, { errorMap: () => ({ message: settingsErrors.badTheme }) }),
    redirectTo,
  }),
);

export const notificationsSchema = perLocale(() =>
  z.object({
    intent: z.literal("notifications"),
    notifications: z.enum(["on", "off"], { errorMap: () => ({ message: settingsErrors.badNotifications }) }),
    redirectTo,
  }),
);

export const languageSchema = perLocale(() =>
  z.object({
    intent: z.literal("language"),
    language: z.enum(LANGUAGES, { errorMap: () => ({ message: settingsErrors.badLanguage }) }),
    redirectTo,
  }),
);

export const settingsSchema = perLocale(() =>
  z.discriminatedUnion("intent", [themeSchema(), notificationsSchema(), languageSchema()], {
    errorMap: () => ({ message: settingsErrors.badIntent }),
  }),
);
export type SettingsInput = z.infer<ReturnType<typeof settingsSchema>>;
