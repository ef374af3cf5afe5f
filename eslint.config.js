// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Imports flow one way: ui → machines → worker (types only) → model. The server sees only the model. */
const layer = (
  /** @type {string[]} */ files,
  /** @type {{group: string[], message: string, allowTypeImports?: boolean}[]} */ patterns,
) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});
const notUi = { group: ['**/ui', '**/ui/**'], message: 'Only src/ui may import the UI.' };
const notMachines = {
  group: ['**/machines', '**/machines/**'],
  message: 'Imports flow ui → machines → worker → model.',
};
const notServer = { group: ['**/server', '**/server/**'], message: 'Browser code never imports the server.' };
const workerTypesOnly = {
  group: ['**/worker', '**/worker/**'],
  message: 'The main thread reaches the worker through Comlink: import types only.',
  allowTypeImports: true,
};
const notWorker = { group: ['**/worker', '**/worker/**'], message: 'Imports flow ui → machines → worker → model.' };

export default tseslint.config(
  // Dot-files at the top are personal scratch files, never part of the product.
  { ignores: ['dist/', 'node_modules/', 'var/', 'test-results/', 'playwright-report/', 'docs/', '.bench/', '.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe|suite)$/][callee.property.name='only']",
          message: '.only would silence the rest of the suite.',
        },
        {
          selector: "MemberExpression[object.name=/^(it|test|describe|suite)$/][property.name='only']",
          message: '.only would silence the rest of the suite.',
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/machines/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/worker/**/*.ts'], languageOptions: { globals: { ...globals.worker } } },
  layer(['src/model/**'], [notUi, notMachines, notServer, notWorker]),
  layer(['src/worker/**'], [notUi, notMachines, notServer]),
  layer(['src/machines/**'], [notUi, notServer, workerTypesOnly]),
  layer(['src/ui/**'], [notServer, workerTypesOnly]),
  layer(['server/**'], [notUi, notMachines, notWorker]),
);
