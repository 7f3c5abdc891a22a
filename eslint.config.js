import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webZones(),
);
