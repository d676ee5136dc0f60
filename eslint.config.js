import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const NOT_SITE = { group: ['**/site/**'], message: 'Shared code goes in engine/shared/.' };
const NOT_SERVER = { group: ['**/server/**'], message: 'The site never imports server code.' };
const NOT_SCRIPTS = {
  group: ['**/scripts/**'],
  message: 'The server imports nothing from scripts/: what it needs lives in the server, and scripts call it.',
};
const NOT_TESTING = {
  group: ['**/testing/**'],
  message: 'testing/ is test tooling: only tests, site/e2e and scripts import it.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'generated/', 'dist/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['site/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // Small parts: a production function says one thing (declarative tables are not functions).
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [...TESTS, 'site/e2e/**', 'testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  { files: ['engine/**/*.ts', 'server/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-console': 'error' } },
  {
    files: ['engine/**/*.ts'],
    ignores: ['engine/node/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'express', '**/site/**', '**/server/**', '**/scripts/**', '**/testing/**'] },
      ],
    },
  },
  // DESIGN's dependency direction: the server reaches the site only through the built SSR bundle,
  // the site never imports server code (its end-to-end tests start servers, so they may). Production
  // code never imports the test tooling in testing/ (tests and site/e2e may).
  {
    files: ['server/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_SITE, NOT_SCRIPTS, NOT_TESTING] }] },
  },
  { files: TESTS.map((t) => `server/${t}`), rules: { 'no-restricted-imports': ['error', { patterns: [NOT_SITE] }] } },
  {
    files: ['site/**/*.{ts,tsx}'],
    ignores: ['site/e2e/**', 'site/test/**', ...TESTS],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NOT_SERVER, NOT_TESTING] }],
      // The engine's entry pulls in the validator: the browser takes values from engine/kinds.ts,
      // engine/sections.ts, engine/placeholders.ts and engine/shared/ only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/index.ts'],
              allowTypeImports: true,
              message:
                'Import values from engine/kinds.ts, engine/sections.ts, engine/placeholders.ts or engine/shared/.',
            },
          ],
        },
      ],
    },
  },
  { files: TESTS.map((t) => `site/${t}`), rules: { 'no-restricted-imports': ['error', { patterns: [NOT_SERVER] }] } },
  // Static and interactive apart: templates, sections and the page frame render once, on the server,
  // from the payload (site/data/page-data.ts); fetching and shared state belong to islands.
  {
    files: ['site/templates/**/*.tsx', 'site/sections/**/*.tsx', 'site/app/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_SERVER,
            NOT_TESTING,
            {
              group: ['swr', 'swr/*', 'jotai', 'jotai/*', '**/data/hooks.ts'],
              message: 'Static code reads the page payload (site/data/page-data.ts); fetching belongs to an island.',
            },
          ],
        },
      ],
    },
  },
);
