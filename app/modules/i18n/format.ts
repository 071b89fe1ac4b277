/**
 * Dates and numbers in the reader's language. Dates are shown in UTC with the zone named: the server renders
 * the page, and a browser in another zone would otherwise hydrate a different text.
 */
import { useTranslation } from "react-i18next";

export function formatDate(
  value: string | number | Date,
  locale: string,
  options: Intl.DateTimeFormatOptions,
) {
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options }).format(new Date(value));
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** The two, bound to the page's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    date: (value: string | number | Date, options: Intl.DateTimeFormatOptions) =>
      formatDate(value, locale, options),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
  };
}
