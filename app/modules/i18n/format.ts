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

/** A file's size in the largest unit that keeps it at least 1 ("5 MB", "12 kB", "800 byte"), in decimal units. */
export function formatBytes(bytes: number, locale: string) {
  const [unit, size] =
    bytes >= 1e6 ? ["megabyte", 1e6] : bytes >= 1e3 ? ["kilobyte", 1e3] : (["byte", 1] as const);
  return formatNumber(bytes / size, locale, { style: "unit", unit, maximumFractionDigits: 1 });
}

/** The three, bound to the page's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    date: (value: string | number | Date, options: Intl.DateTimeFormatOptions) =>
      formatDate(value, locale, options),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    bytes: (value: number) => formatBytes(value, locale),
  };
}
