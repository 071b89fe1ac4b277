/**
 * Translation outside React: the message catalogue and the forms' zod schemas, shared by the browser and the
 * server. On the web the language is the request's (request-language.server.ts); in the browser, the page's.
 */
import i18next, { type InitOptions } from "i18next";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./languages";
import { DEFAULT_NAMESPACE, en, NAMESPACES, type Namespace } from "./resources";

export const i18nOptions = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  ns: NAMESPACES,
  defaultNS: DEFAULT_NAMESPACE,
  // React escapes what it renders; escaping here too would show "&amp;".
  interpolation: { escapeValue: false },
} satisfies InitOptions;

/** Synchronous with bundled resources, so the first translation of a process never sees a bare key. */
export function ensureI18n() {
  if (!i18next.isInitialized) {
    i18next
      .init({ ...i18nOptions, lng: DEFAULT_LOCALE, resources: { en }, initImmediate: false })
      // Bundled texts cannot fail to load; a catalogue i18next refuses is a bug, so it surfaces as a crash.
      .catch((error: unknown) =>
        queueMicrotask(() => {
          throw error;
        }),
      );
  }
  return i18next;
}

let requestLocale: () => string | undefined = () => undefined;

/** Where the server finds the language of the request being served (request-language.server.ts). */
export function readLocaleFrom(source: () => string | undefined) {
  requestLocale = source;
}

/** The language to speak now: the request's on the server, the page's in the browser. */
export function currentLocale(): Locale {
  const locale = requestLocale() ?? ensureI18n().language;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

export function translate(key: string, values?: Record<string, unknown>): string {
  return ensureI18n().t(key as never, { lng: currentLocale(), ...values }) as string;
}

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/**
 * A message module's texts, read in the current language each time they are used. `source` is the English
 * file's object at `path`, and gives the keys; `formats` are the texts made from parts.
 */
export function localized<T extends object, F extends object = Record<never, never>>(
  ns: Namespace,
  source: T,
  formats?: F,
  path: string[] = [],
): Omit<Texts<T>, keyof F> & F {
  const read = (prop: string | symbol): unknown => {
    if (typeof prop !== "string") return undefined;
    if (formats && prop in formats) return formats[prop as keyof F];
    const value = (source as Record<string, unknown>)[prop];
    if (typeof value === "string") return translate(`${ns}:${[...path, prop].join(".")}`);
    if (value && typeof value === "object") return localized(ns, value, undefined, [...path, prop]);
    return undefined;
  };
  const keys = [...Object.keys(source), ...Object.keys(formats ?? {})];
  return new Proxy(source as object, {
    get: (_, prop) => read(prop),
    has: (_, prop) => keys.includes(prop as string),
    ownKeys: () => [...new Set(keys)],
    getOwnPropertyDescriptor: (_, prop) =>
      keys.includes(prop as string)
        ? { configurable: true, enumerable: true, writable: false, value: read(prop) }
        : undefined,
  }) as Omit<Texts<T>, keyof F> & F;
}

/**
 * A value built once per language (a zod schema with its texts): the web serves several languages at once,
 * so a schema built at import would speak only the first one's.
 */
export function perLocale<T>(build: () => T): () => T {
  const built = new Map<Locale, T>();
  return () => {
    const locale = currentLocale();
    let value = built.get(locale);
    if (value === undefined) {
      value = build();
      built.set(locale, value);
    }
    return value;
  };
}
