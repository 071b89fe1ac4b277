/**
 * Every language says everything English says: the same keys in every namespace, no empty text, and the same
 * {{placeholders}} (a translation that drops one would show a sentence with a hole); no <Trans> tag is named
 * like an HTML void element.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "~/modules/i18n/languages";
import { NAMESPACES } from "~/modules/i18n/resources";

const localesDir = path.resolve(import.meta.dirname, "../../app/locales");

type Tree = { [key: string]: string | Tree };

const read = (locale: string, ns: string): Tree =>
  JSON.parse(readFileSync(path.join(localesDir, locale, `${ns}.json`), "utf8")) as Tree;

/** "a.b.c" → text, for every leaf. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") found.set(name, value);
    else for (const [inner, text] of leaves(value, name)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/**
 * HTML's void elements: the parser behind <Trans> gives a tag of one of these names no content, so a
 * `<link>the API page</link>` would render an empty link and its words beside it.
 */
const VOID_ELEMENTS = [
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
];
const voidTags = (text: string) =>
  [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]!).filter((tag) => VOID_ELEMENTS.includes(tag));

const others = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

describe("the translations", () => {
  it("have one folder per language and one file per namespace, nothing else", () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(readdirSync(path.join(localesDir, locale)).sort()).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  describe.each(NAMESPACES)("namespace %s", (ns) => {
    const english = leaves(read(DEFAULT_LOCALE, ns));

    it.each(others)("%s has every English key, and no other", (locale) => {
      const translated = leaves(read(locale, ns));
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(LOCALES)(
      "%s has no empty text, keeps every placeholder and names no tag like a void element",
      (locale) => {
        const translated = leaves(read(locale, ns));
        for (const [key, text] of translated) {
          expect(text.trim(), `${locale} ${ns}:${key}`).not.toBe("");
          expect(placeholders(text), `${locale} ${ns}:${key}`).toEqual(
            placeholders(english.get(key) ?? text),
          );
          expect(voidTags(text), `${locale} ${ns}:${key}`).toEqual([]);
        }
      },
    );
  });
});
