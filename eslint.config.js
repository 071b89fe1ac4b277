import js from "@eslint/js";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The web (app/) and the shared folders (db/, platform/) may use only the worker's contract: the job and
 * stream schemas and the completion life cycle. Everything else in worker/ is the worker's own business.
 */
export const contractOnlyImports = {
  patterns: [
    {
      // A regex, since "#" would start a comment in the gitignore-style `group` syntax.
      regex: "^(#|(\\.\\.?/)+)worker/(?!(jobs|lifecycle)$)",
      message:
        "Only the worker's contract (#worker/jobs, #worker/lifecycle) may be imported outside worker/.",
    },
  ],
};

/**
 * What the interface shows is translated: text between JSX tags and the attributes a reader (or a screen
 * reader) sees must come from the catalogue (app/locales), not be written in a component.
 */
export const noLiteralText = {
  mode: "jsx-only",
  "jsx-attributes": { include: ["alt", "aria-label", "aria-description", "label", "placeholder", "title"] },
  // Punctuation, numbers and symbols are not words; "Rogue AI" and the vendors' names are names, not copy.
  words: { exclude: ["[0-9!-/:-@[-`{-~\\s·•—–…→←×✓✕↑↓]+", "Rogue AI", "[A-Z_-]+"] },
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
    files: ["app/**", "worker/**", "db/**", "platform/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
  {
    files: ["app/**", "db/**", "platform/**"],
    rules: { "no-restricted-imports": ["error", contractOnlyImports] },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { i18next },
    rules: { "i18next/no-literal-string": ["error", noLiteralText] },
  },
);
