/**
 * The catalogue is the one home of each user-facing sentence: a text written out again in a component, a
 * route or another message module drifts the day one copy is reworded. Every sentence the message modules
 * hold must be written, as a literal, in one file of app/ only (the others import it).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as catalogue from "~/modules/errors/catalogue";
import * as chatMessages from "~/modules/chats/chat-messages";
import * as settingsMessages from "~/modules/settings/settings-messages";
import * as keyMessages from "~/modules/vendors/key-messages";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** The plain string leaves of the modules' exports (functions make their text from parts, so are left out). */
function sentences(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    // A sentence or a title of several words; single words ("Save", "Retry") are labels, not copy to drift.
    if (value.includes(" ") && value.length >= 12) found.add(value);
  } else if (value && typeof value === "object" && !Array.isArray(value)) {
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

describe("user-facing sentences", () => {
  const all = new Set([
    ...sentences(catalogue),
    ...sentences(chatMessages),
    ...sentences(settingsMessages),
    ...sentences(keyMessages),
  ]);

  it("are collected from the message modules", () => {
    expect(all.size).toBeGreaterThan(100);
  });

  it.each([...all])("%s is written in one file only", (sentence) => {
    const writers = filesWriting(sentence);
    expect(writers, writers.join(", ")).toEqual(writers.slice(0, 1));
  });
});
