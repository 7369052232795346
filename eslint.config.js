import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer bundle must not pull every zod locale: use `import * as z from 'zod'`.
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', importNames: ['z'], message: "Use `import * as z from 'zod'`." }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', importNames: ['z'], message: "Use `import * as z from 'zod'`." }],
          patterns: [{ group: ['node:*', 'electron', 'react', 'react-dom'], message: 'src/shared runs anywhere: no Node, Electron or DOM imports.' }],
        },
      ],
    },
  },
);
