import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The renderer bundle must not pull every zod locale: `import * as z from 'zod'`, never `import { z } from 'zod'`.
const zodNamedImport = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod'`: the named import pulls every locale into the bundle.",
};

// What a session leaves behind (token, ubs_email, previousURL) is written by src/renderer/session/saved-session.ts alone.
const cookieWrites = [
  { selector: "MemberExpression[object.name='platform'][property.name='cookies']", message: 'Save session values through src/renderer/session/saved-session.ts.' },
  { selector: "MemberExpression[object.name='document'][property.name='cookie']", message: 'Save session values through src/renderer/session/saved-session.ts.' },
];

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
      'no-restricted-syntax': ['error', zodNamedImport, ...cookieWrites],
    },
  },
  {
    // The session module and the platform implementations are where cookies are read and written.
    files: ['src/renderer/session/**/*.{ts,tsx}', 'src/renderer/platform/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', zodNamedImport] },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', zodNamedImport],
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['node:*', 'electron', 'react', 'react-dom'], message: 'src/shared runs anywhere: no Node, Electron or DOM imports.' }],
        },
      ],
    },
  },
);
