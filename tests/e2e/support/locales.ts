/** The catalogue's own texts (app/locales), so a test fails when a page shows another language's words. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Resources } from "../../../app/modules/i18n/resources";

const localesDir = path.resolve(import.meta.dirname, "../../../app/locales");

/** One language's texts of a namespace; the translation test keeps every language's keys those of English. */
export function localeTexts<N extends keyof Resources>(locale: string, namespace: N): Resources[N] {
  return JSON.parse(readFileSync(path.join(localesDir, locale, `${namespace}.json`), "utf8")) as Resources[N];
}

type Tree = { [key: string]: string | Tree };

/** Every text of one language, in every namespace. */
function allTexts(locale: string): Set<string> {
  const texts = new Set<string>();
  const walk = (tree: Tree) => {
    for (const value of Object.values(tree)) {
      if (typeof value === "string") texts.add(value);
      else walk(value);
    }
  };
  for (const file of readdirSync(path.join(localesDir, locale)))
    walk(JSON.parse(readFileSync(path.join(localesDir, locale, file), "utf8")) as Tree);
  return texts;
}

const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The catalogue's English texts a page in `locale` must not show, each as a whole-text pattern whose
 * {{placeholders}} stand for anything. A text `locale` also says (a name such as "API", or "Chat" in Spanish)
 * is that language's too, and not among them; so is a text with no word of its own ("{{action}} {{name}}").
 */
export function englishOnlyTexts(locale: string): RegExp[] {
  const own = allTexts(locale);
  return [...allTexts("en")]
    .filter((text) => !own.has(text) && /\p{L}/u.test(text.replace(PLACEHOLDER, "")))
    .map((text) => new RegExp(`^${text.split(PLACEHOLDER).map(escapeRegExp).join(".+")}$`));
}
