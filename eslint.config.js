// ESLint with typescript-eslint's type-checked rules over every TypeScript file of the repo
// (test/ through test/tsconfig.json). A rule is relaxed only with a one-line reason beside it.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      "parser/generated/",
      "build-lean-*/",
      "bench/results/",
      "templates/",
      "**/*.js",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["vitest.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A leading underscore marks a parameter an interface requires but this implementation ignores.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // break/continue/abort unwind the template with these signals on purpose: they are not errors.
      // Async methods often implement an async interface (session stores, hooks) without awaiting.
      "@typescript-eslint/require-await": "off",
      // Validators match control characters on purpose (header values, CR/LF/NUL checks).
      "no-control-regex": "off",
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            {
              from: "file",
              name: ["BreakSignal", "ContinueSignal", "AbortSignal", "ExitSignal", "ReturnSignal"],
              path: "engine/signals.ts",
            },
          ],
        },
      ],
    },
  },
  {
    // A reader follows a function in one screen (issue 28); a describe block in test/ is a list
    // of cases rather than a function a reader follows, so test/ is left out.
    files: ["**/*.ts"],
    ignores: ["test/**"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["bench/**/*.ts"],
    rules: {
      // autocannon ships no type declarations.
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  {
    files: ["test/**/*.ts"],
    rules: {
      // Vitest types its asymmetric matchers (expect.stringContaining, expect.any, …) as any.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
);
