// One linter for the whole package. Besides the usual rules it enforces the layers of
// ../shared/guide/ARCHITECTURE.md: nothing imports upward, and capabilities do not import each other.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CAPABILITIES = [
  'patient-search',
  'stored-cards',
  'payment-request',
  'payment-plan',
  'membership-billing',
  'transactions',
  'allocation',
  'reimbursements',
];

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.tsx', 'widgets/**/*.ts', 'portal/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['embed-sdk/contract/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['embed-sdk/**'],
    rules: restrict([
      { group: ['react', 'react-dom', 'react/*', '@fluentui/*'], message: 'The embed SDK has no React.' },
      {
        group: ['**/widgets/**', '**/portal/**', '**/server/**'],
        message: 'The SDK does not import upward.',
      },
    ]),
  },
  {
    files: ['server/**'],
    rules: restrict([
      { group: ['**/widgets/**', '**/portal/**'], message: 'The server knows only the contract.' },
      {
        group: [
          '**/embed-sdk/*',
          '!**/embed-sdk/contract',
          '!**/embed-sdk/contract/*',
          '!**/embed-sdk/validation',
          '!**/embed-sdk/validation/*',
          '!**/embed-sdk/format',
          '!**/embed-sdk/format/*',
        ],
        message: 'The server imports only the contract and the pure rules from the SDK.',
      },
    ]),
  },
  {
    files: ['widgets/**'],
    rules: restrict([
      { group: ['**/portal/**', '**/server/**'], message: 'Widgets do not import upward.' },
      { group: ['**/embed-sdk/loader/**'], message: 'Widgets do not import the loader.' },
    ]),
  },
  ...CAPABILITIES.map((cap) => ({
    files: [`widgets/${cap}/**`],
    rules: restrict([
      { group: ['**/portal/**', '**/server/**'], message: 'Widgets do not import upward.' },
      {
        group: CAPABILITIES.filter((c) => c !== cap).flatMap((c) => [
          `../${c}/*`,
          `../../${c}/*`,
          `**/widgets/${c}/*`,
        ]),
        message:
          'Capabilities do not import each other: move shared code to widgets/ui, format or validation.',
      },
    ]),
  })),
);
