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

const BROWSER_ZOD = [
  { name: 'zod', message: "Browser code imports 'zod/mini' (the full zod API stays on the server)." },
];
const restrict = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });

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
    ignores: ['embed-sdk/**/*.test.ts'],
    rules: restrict(
      [
        { group: ['react', 'react-dom', 'react/*', '@fluentui/*'], message: 'The embed SDK has no React.' },
        {
          group: ['**/widgets/**', '**/portal/**', '**/server/**'],
          message: 'The SDK does not import upward.',
        },
      ],
      BROWSER_ZOD,
    ),
  },
  {
    // The contract is shared with the server, which uses the full zod API; browsers get a
    // schema-free projection of it at build time (scripts/vite-plugins.ts).
    files: ['embed-sdk/contract/**'],
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
          '!**/embed-sdk/rules',
          '!**/embed-sdk/rules/*',
        ],
        message:
          'The server imports only the contract and the pure modules of the SDK (format, validation, rules).',
      },
    ]),
  },
  {
    files: ['widgets/**', 'portal/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: restrict(
      [
        { group: ['**/server/**'], message: 'The front end knows only the contract.' },
        {
          // The index only: a gitignore-style group on the folder would match every module in it.
          regex: '(^|/)embed-sdk/contract(/index(\\.js)?)?$',
          message: 'Import one contract resource module (e.g. contract/patient.js), not the index.',
        },
      ],
      BROWSER_ZOD,
    ),
  },
  {
    files: ['widgets/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: restrict(
      [
        { group: ['**/portal/**', '**/server/**'], message: 'Widgets do not import upward.' },
        {
          // The index only: a gitignore-style group on the folder would match every module in it.
          regex: '(^|/)embed-sdk/contract(/index(\\.js)?)?$',
          message: 'Import one contract resource module (e.g. contract/patient.js), not the index.',
        },
      ],
      BROWSER_ZOD,
    ),
  },
  {
    // The loader (/embed.js) defines every element, so it sits above the widgets: it reads the
    // widget definitions and the React-free element registration, and nothing else of them.
    files: ['widgets/loader/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      [
        {
          group: ['react', 'react-dom', 'react/*', '@fluentui/*', 'zod/mini'],
          message: 'The loader stays tiny: no React, no zod.',
        },
        {
          regex:
            '^\\.\\./(?!definitions\\.js$|runtime/element\\.js$|runtime/definition\\.js$|[^/.]+/definition\\.js$|\\.\\./)',
          message: 'The loader may import only widget definitions and widgets/runtime/element.',
        },
        {
          group: ['**/portal/**', '**/server/**'],
          message: 'The loader does not import the portal or the server.',
        },
      ],
      [{ name: 'zod', message: 'The loader stays tiny: no React, no zod.' }],
    ),
  },
  ...CAPABILITIES.map((cap) => ({
    files: [`widgets/${cap}/**`],
    rules: restrict(
      [
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
      ],
      BROWSER_ZOD,
    ),
  })),
);
