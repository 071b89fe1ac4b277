import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { LANGUAGE_LABELS, LOCALE_BY_LANGUAGE } from "~/modules/i18n/languages";
import type { Language } from "#db/schema";

/** The site's language, for visitors too: a plain form, so it works without JavaScript. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/locale" className="flex items-center gap-2 text-sm">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <LabelledSelect
        id="site-language"
        label={t("language.label")}
        labelClassName="text-zinc-400"
        name="locale"
        defaultValue={i18n.language}
        key={i18n.language}
        className="rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1"
      >
        {(Object.keys(LOCALE_BY_LANGUAGE) as Language[]).map((language) => (
          <option key={language} value={LOCALE_BY_LANGUAGE[language]} lang={LOCALE_BY_LANGUAGE[language]}>
            {LANGUAGE_LABELS[language]}
          </option>
        ))}
      </LabelledSelect>
      <button type="submit" className="btn-ghost px-2 py-1">
        {t("language.apply")}
      </button>
    </Form>
  );
}
