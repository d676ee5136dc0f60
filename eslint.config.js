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
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'express'] }] },
  },
);
