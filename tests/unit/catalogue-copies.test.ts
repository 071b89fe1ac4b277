/**
 * The message catalogue's one home is app/locales/en/messages.json (the other languages translate it): a
 * sentence written out again in a component, a route or a message module drifts the day the JSON is reworded,
 * and is never translated. No .ts/.tsx file of app/ may write a catalogue sentence as a literal.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import english from "~/locales/en/messages.json";

const appDir = path.resolve(import.meta.dirname, "../../app");

/**
 * The catalogue's sentences: its texts, and the fixed parts of those made from parts (between placeholders).
 */
function sentences(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    for (const part of value.split(/\{\{\s*\w+\s*\}\}/)) {
      // A sentence or a title of several words; single words ("Save", "Retry") are labels, not copy to drift.
      const text = part.trim();
      if (text.includes(" ") && text.length >= 12) found.add(text);
    }
  } else if (value && typeof value === "object") {
    for (const inner of Object.values(value)) sentences(inner, found);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Comments may quote a text to say where it shows; only code counts as writing it. */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

const files = sourceFiles(appDir).map((file) => ({
  file: path.relative(appDir, file),
  text: withoutComments(readFileSync(file, "utf8")),
}));

/** The files that write `sentence` out: in quotes, or as the text of a JSX element. */
function filesWriting(sentence: string): string[] {
  const forms = [`"${sentence}"`, `'${sentence}'`, `\`${sentence}\``, `>${sentence}<`];
  return files.filter(({ text }) => forms.some((form) => text.includes(form))).map(({ file }) => file);
}

describe("the catalogue's sentences", () => {
  const all = sentences(english);

  it("are collected from app/locales/en/messages.json", () => {
    expect(all.size).toBeGreaterThan(100);
  });

  it.each([...all])("%s is written in no source file", (sentence) => {
    expect(filesWriting(sentence)).toEqual([]);
  });
});
