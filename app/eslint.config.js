// ESLint flat config: TypeScript + React, hooks rules, and no literal text in JSX (every UI string
// goes through i18next; `zz` then shows its key).
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "19" } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react/jsx-no-literals": ["error", { noStrings: true, ignoreProps: true, allowedStrings: [] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Layering (DESIGN.md): jotai only through src/state/jotai.ts, the build's env only through
    // src/env.ts, so each has one place to read or replace. Core by part, never its main entry, which
    // would bundle the whole WASM beside the web app's cut (docs/performance.md).
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/state/jotai.ts", "src/env.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "jotai", message: "import jotai through src/state/jotai.ts" },
            {
              name: "@aivg/core",
              message: "import core by part: @aivg/core/rules, or @aivg/core/imaging from a lazily loaded file (app/SCAFFOLD.md)",
            },
          ],
          patterns: ["jotai/*"],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: "read the build's env through src/env.ts (envText or its constants)",
        },
      ],
    },
  },
  {
    // Tests and tooling may use literals (assertions, fixtures).
    files: ["**/*.test.{ts,tsx}", "e2e/**", "scripts/**", "build/**", "*.config.{ts,js}"],
    languageOptions: { globals: { ...globals.node } },
    rules: { "react/jsx-no-literals": "off" },
  },
  {
    // Playwright fixtures call their `use` argument, which the hooks rule mistakes for React's `use`.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
