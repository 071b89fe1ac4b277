import js from "@eslint/js";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import rogue from "./eslint-rules/untranslated-prop-text.js";

/**
 * The web (app/), the database (db/), the shared settings (platform/) and the web↔worker contract (contract/)
 * import nothing of worker/: what the web and the worker must agree on lives in contract/, and everything in
 * worker/ is the worker's own business.
 */
export const noWorkerImports = {
  patterns: [
    {
      // A regex, since "#" would start a comment in the gitignore-style `group` syntax.
      regex: "^(#|(\\.\\.?/)+)worker/",
      message: "Import the web↔worker contract from #contract/…; worker/ is the worker's own business.",
    },
  ],
};

/** A character that is not part of a word: punctuation, digits, symbols, spaces. */
const notWords = "[0-9!-/:-@[-`{-~\\s·•—–…→←×✓✕↑↓]";

/**
 * What the interface shows is translated: text between JSX tags and the attributes a reader (or a screen
 * reader) sees must come from the catalogue (app/locales), not be written in a component.
 */
export const noLiteralText = {
  mode: "jsx-only",
  "jsx-attributes": {
    include: ["alt", "aria-label", "aria-description", "description", "label", "placeholder", "title"],
  },
  // Punctuation, numbers and symbols are not words; "Rogue AI" (with its punctuation, as in a page title's
  // "— Rogue AI") and the vendors' names are names, not copy.
  words: { exclude: [`${notWords}+`, `${notWords}*Rogue AI${notWords}*`, "[A-Z_-]+"] },
};

/**
 * The same words where the plugin does not look: in JSX passed as another prop (`actions={<b>Regenerate</b>}`),
 * and in the title, description or label of an object, such as a toast's.
 */
export const noLiteralPropText = {
  attributes: noLiteralText["jsx-attributes"].include,
  properties: ["title", "description", "label"],
  // Outside JSX a string is as often a catalogue key (`label: "signin.signUp"`, then `t(label)`) as a text.
  words: [...noLiteralText.words.exclude, "[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)*"],
  // <Trans>'s children are the catalogue's markup, as the plugin's default `jsx-components` says.
  components: ["Trans"],
};

/**
 * ADR 0008 (docs/decisions/0008-thin-routes-over-domain-modules.md): a domain module never sees the HTTP request,
 * so the worker, the tests and other callers use it as they are. What reads a request (its session cookie, its
 * form, its toasts) is route support, in app/routes-support/.
 */
const httpInModules =
  "ADR 0008: a module takes plain values (the user, parsed values, the client's IP), never the Request or its " +
  "Headers; read them in the route or in app/routes-support/.";
const noHttpInModules = {
  files: ["app/modules/**"],
  ignores: [
    // A test may hold what a module builds up to the Fetch API (a header value `Headers` accepts).
    "**/*.test.ts",
  ],
  rules: {
    "no-restricted-globals": [
      "error",
      { name: "Request", message: httpInModules },
      { name: "Headers", message: httpInModules },
    ],
    "@typescript-eslint/no-restricted-types": [
      "error",
      { types: { Request: httpInModules, Headers: httpInModules } },
    ],
  },
};

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "data/", "test-results/", "playwright-report/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // A promise nobody awaits rejects into nothing, or crashes the process: every one is awaited, returned,
    // or given its error path. Type-aware, so only for the TypeScript files the project's tsconfig covers.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: false }] },
  },
  {
    files: ["app/**", "worker/**", "db/**", "platform/**", "contract/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
  {
    files: ["app/**", "db/**", "platform/**", "contract/**"],
    rules: { "no-restricted-imports": ["error", noWorkerImports] },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { i18next, rogue },
    rules: {
      "i18next/no-literal-string": ["error", noLiteralText],
      "rogue/untranslated-prop-text": ["error", noLiteralPropText],
    },
  },
  noHttpInModules,
);
