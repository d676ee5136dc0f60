import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  { files: ['engine/**/*.ts', 'server/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-console': 'error' } },
  {
    files: ['engine/**/*.ts'],
    ignores: ['engine/node/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'express', '**/site/**', '**/server/**', '**/scripts/**'] },
      ],
    },
  },
  // DESIGN's dependency direction: the server reaches the site only through the built SSR bundle,
  // the site never imports server code (its end-to-end tests start servers, so they may).
  {
    files: ['server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/site/**'], message: 'Shared code goes in engine/contract/.' }] },
      ],
    },
  },
  {
    files: ['site/**/*.{ts,tsx}'],
    ignores: ['site/e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The site never imports server code.' }] },
      ],
    },
  },
);
