/** What `/locale` (the language picker of the site's footer) accepts. */
import { z } from "zod";
import { settingsErrors } from "~/modules/settings/settings-messages";
import { LOCALES, type Locale } from "./languages";
import { perLocale } from "./translate";

export const localeSchema = perLocale(() =>
  z.object({
    locale: z.enum(LOCALES as [Locale, ...Locale[]], {
      errorMap: () => ({ message: settingsErrors.badLanguage }),
    }),
    redirectTo: z.string().max(2048).optional(),
  }),
);
