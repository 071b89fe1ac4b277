/** The lint rules that keep the folder map honest really fire (and do not fire on what is allowed). */
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/**
 * Lints `code` as if it were `file`. The type-aware rules only see files on disk, so the code is written next
 * to where `file` would be, under a unique name, for the duration of the lint.
 */
async function ruleIds(file: string, code: string) {
  const probe = path.join(root, path.dirname(file), `lint-probe-${randomUUID()}-${path.basename(file)}`);
  writeFileSync(probe, code);
  try {
    const [result] = await eslint.lintText(code, { filePath: probe });
    return result!.messages.map((message) => message.ruleId ?? message.message);
  } finally {
    rmSync(probe, { force: true });
  }
}

// The type-aware rules load the whole TypeScript project on the first lint; that can take a while on a busy
// machine, so it happens once here and not inside the first test's time limit.
beforeAll(() => ruleIds("app/modules/warm-up.server.ts", "export const warm = 1;\n"), 120_000);

describe("the import boundary between the web and the worker", () => {
  it.each([
    ["app/modules/example.server.ts", 'export { completionProcessor } from "#worker/processor";\n'],
    ["app/modules/example.server.ts", 'export { vendorAdapters } from "../../worker/vendors/index";\n'],
    ["app/modules/example.server.ts", 'export { startWorker } from "#worker/index";\n'],
    ["db/example.ts", 'export { completionProcessor } from "#worker/processor";\n'],
    ["db/example.ts", 'export { vendorAdapters } from "../worker/vendors/index";\n'],
    ["platform/example.ts", 'export { checkVendor } from "#worker/vendor-check";\n'],
    ["contract/example.ts", 'export { workerShape } from "#worker/env";\n'],
  ])("refuses %s importing from worker/", async (file, code) => {
    expect(await ruleIds(file, code)).toContain("no-restricted-imports");
  });

  it.each([
    ["app/modules/example.server.ts", 'export { COMPLETION_QUEUE } from "#contract/jobs";\n'],
    ["app/components/example.tsx", 'export type { ReplyEventData } from "#contract/lifecycle";\n'],
    ["db/example.ts", 'export { isActive } from "#contract/lifecycle";\n'],
    ["platform/example.ts", 'export { VENDOR_NAMES } from "#contract/jobs";\n'],
    ["worker/example.ts", 'export { completionProcessor } from "./processor";\n'],
    ["scripts/example.ts", 'export { completionProcessor } from "#worker/processor";\n'],
  ])("allows %s its import", async (file, code) => {
    expect(await ruleIds(file, code)).not.toContain("no-restricted-imports");
  });
});

describe("logging goes through the logger", () => {
  it.each([
    "app/modules/example.server.ts",
    "worker/example.ts",
    "db/example.ts",
    "platform/example.ts",
    "contract/example.ts",
  ])("refuses console in %s", async (file) => {
    expect(await ruleIds(file, 'console.log("hello");\n')).toContain("no-console");
  });
});

describe("no promise is left floating", () => {
  it.each([
    ["app/modules/example.server.ts", "async function work() {}\nexport function go() {\n  work();\n}\n"],
    [
      "app/modules/example.server.ts",
      "async function work() {}\nexport function go() {\n  void work();\n}\n",
    ],
    ["scripts/example.ts", "async function work() {}\nexport function go() {\n  void work();\n}\n"],
  ])("refuses an unhandled promise in %s", async (file, code) => {
    expect(await ruleIds(file, code)).toContain("@typescript-eslint/no-floating-promises");
  });

  it("allows one given its error path", async () => {
    const code = "async function work() {}\nexport function go() {\n  work().catch(() => undefined);\n}\n";
    expect(await ruleIds("app/modules/example.server.ts", code)).not.toContain(
      "@typescript-eslint/no-floating-promises",
    );
  });
});

describe("the interface's words", () => {
  it("refuses a sentence written in a component", async () => {
    const code = "export const Hello = () => <p>Welcome back</p>;\n";
    expect(await ruleIds("app/components/example.tsx", code)).toContain("i18next/no-literal-string");
  });

  it("refuses a label a screen reader reads", async () => {
    const code = 'export const Menu = () => <button aria-label="Open menu" />;\n';
    expect(await ruleIds("app/components/example.tsx", code)).toContain("i18next/no-literal-string");
  });

  const PROP_TEXT = "rogue/untranslated-prop-text";
  const LITERAL = "i18next/no-literal-string";

  it.each([
    [
      "a control passed as a prop",
      "export const Row = ({ Bubble }: { Bubble: (p: { actions: JSX.Element }) => JSX.Element }) => (\n" +
        "  <Bubble actions={<button>Regenerate</button>} />\n);\n",
      PROP_TEXT,
    ],
    [
      "a label on JSX passed as a prop",
      "export const Row = ({ Bubble }: { Bubble: (p: { icon: JSX.Element }) => JSX.Element }) => (\n" +
        '  <Bubble icon={<span title="Copy reply" />} />\n);\n',
      PROP_TEXT,
    ],
    [
      "a toast's title",
      'export const fail = (toast: (t: { title: string }) => void) => toast({ title: "Error" });\n',
      PROP_TEXT,
    ],
    [
      "a title made from a template",
      "export const Chat = ({ name }: { name: string }) => <p title={`Chat with ${name}`} />;\n",
      PROP_TEXT,
    ],
    [
      "a component's description",
      "export const Card = ({ C }: { C: (p: { description: string }) => JSX.Element }) => (\n" +
        '  <C description="Manage your account" />\n);\n',
      LITERAL,
    ],
  ])("refuses %s", async (_, code, rule) => {
    expect(await ruleIds("app/components/example.tsx", code)).toContain(rule);
  });

  it("accepts catalogue keys, names and the catalogue's text passed as a prop", async () => {
    const code = [
      'import { useTranslation } from "react-i18next";',
      'const LINKS = [{ to: "/docs", label: "about.links.docs" }] as const;',
      "export function Row({ Bubble }: { Bubble: (p: { actions: JSX.Element }) => JSX.Element }) {",
      '  const { t } = useTranslation("chat");',
      "  return (",
      "    <Bubble",
      '      actions={<a href={LINKS[0].to} title={`${t("view.retry")} — Rogue AI`}>{t("view.regenerate")} ·</a>}',
      "    />",
      "  );",
      "}",
      "",
    ].join("\n");
    expect(await ruleIds("app/components/example.tsx", code)).toEqual([]);
  });

  it("accepts the catalogue's text and attributes no reader sees", async () => {
    const code = [
      'import { useTranslation } from "react-i18next";',
      "export function Hello() {",
      "  const { t } = useTranslation();",
      '  return <a href="/chat" className="btn-primary">{t("errorPage.home")}</a>;',
      "}",
      "",
    ].join("\n");
    expect(await ruleIds("app/components/example.tsx", code)).toEqual([]);
  });
});
