import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const MODULE_SURFACE =
  "Another API module is reached only through its index.ts: import '../<module>', and export what you need from there.";
// `.../modules/<module>/<file>` from anywhere in apps/api (app.ts, jobs/, admin/, lib/, plugins/, the tests).
const OUTSIDE_INTO_MODULE = { regex: String.raw`(^|/)modules/[^/]+/(?!index$)`, message: MODULE_SURFACE };

/*
 * Web import zones (docs/decisions/079-web-feature-isolation.md), in bulletproof-react's style with ESLint's own
 * no-restricted-imports: code flows app/ → features/ → lib/ and components/. A feature imports no other feature and
 * not app/; lib/ and components/ import no feature and not app/. Imports are relative, so each block covers the files
 * at one depth below its directory, where the number of `../` that leaves it is known. test/ (shared test kits and
 * the tests that cross features) and app/ may import anything.
 */
const WEB = 'apps/web/src';
const up = (n) => '(\\.\\./)'.concat(`{${n}}`);

function webZones() {
  const blocks = [];
  for (let depth = 0; depth < 6; depth += 1) {
    const below = '*/'.repeat(depth);
    blocks.push({
      files: [`${WEB}/features/*/${below}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up(depth + 1)}[^./]|^${up(depth + 2)}features(/|$)`,
                message: 'A feature does not import another feature: move the shared part to lib/ or components/.',
              },
              {
                regex: `^${up(depth + 2)}app(/|$)`,
                message: 'A feature does not import app/: the app composes features, not the other way round.',
              },
            ],
          },
        ],
      },
    });
    for (const shared of ['lib', 'components']) {
      blocks.push({
        files: [`${WEB}/${shared}/${below}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: `^${up(depth + 1)}(features|app)(/|$)`,
                  message: `${shared}/ is shared by every feature: it imports no feature and not app/.`,
                },
              ],
            },
          ],
        },
      });
    }
  }
  return blocks;
}

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
  ...webZones(),
);
