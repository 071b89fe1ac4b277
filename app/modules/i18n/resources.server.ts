/** The web's server speaks every language at once: all bundles loaded at start, into the shared instance. */
import { ensureI18n } from "./translate";

const bundles = import.meta.glob<Record<string, unknown>>(
  ["../../locales/*/*.json", "!../../locales/en/*.json"],
  {
    eager: true,
    import: "default",
  },
);

const i18n = ensureI18n();
for (const [file, bundle] of Object.entries(bundles)) {
  const [, locale, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  i18n.addResourceBundle(locale!, ns!, bundle, true, true);
}

export { i18n };
