/** The catalogue's own texts (app/locales), so a test fails when a page shows another language's words. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Resources } from "../../../app/modules/i18n/resources";

const localesDir = path.resolve(import.meta.dirname, "../../../app/locales");

/** One language's texts of a namespace; the translation test keeps every language's keys those of English. */
export function localeTexts<N extends keyof Resources>(locale: string, namespace: N): Resources[N] {
  return JSON.parse(readFileSync(path.join(localesDir, locale, `${namespace}.json`), "utf8")) as Resources[N];
}
