import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const MODULE_SURFACE =
  "Another API module is reached only through its index.ts: import '../<module>', and export what you need from there.";
// `.../modules/<module>/<file>` from anywhere in apps/api (app.ts, jobs/, admin/, lib/, plugins/, the tests).
const OUTSIDE_INTO_MODULE = { regex: String.raw`(^|/)modules/[^/]+/(?!index$)`, message: MODULE_SURFACE };

// ESLint's own defineConfig (typescript-eslint's config() helper is deprecated in its favour).
export default defineConfig(
  globalIgnores(['**/dist/**', '**/node_modules/**', 'data/**', '**/coverage/**', 'test-results/**']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use `as const` objects, not enums.' },
      ],
    },
  },
  // API module boundaries (docs/architecture.md, "Modules"): a module is reached only through its index.ts. Imports
  // are relative, so each pattern matches the path as written from where the importing file sits.
  {
    files: ['apps/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OUTSIDE_INTO_MODULE] }] },
  },
  {
    files: ['apps/api/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [OUTSIDE_INTO_MODULE, { regex: String.raw`^\.\./[^./][^/]*/(?!index$)`, message: MODULE_SURFACE }],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            OUTSIDE_INTO_MODULE,
            { regex: String.raw`^\.\./\.\./[^./][^/]*/(?!index$)`, message: MODULE_SURFACE },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
