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

/** The server's capabilities (ARCHITECTURE.md, "The server, by capability"). */
const SERVER_CAPABILITIES = [
  'patients',
  'saved-cards',
  'payment-requests',
  'payment-plans',
  'transactions',
  'memberships',
  'allocation',
  'reimbursements',
  'settings',
  'reports',
  'admin',
  'practices',
  'practice-system',
  'outbox',
  'notifications',
];

const BROWSER_ZOD = [
  { name: 'zod', message: "Browser code imports 'zod/mini' (the full zod API stays on the server)." },
];
const restrict = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });

const SERVER_IMPORTS = [
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
    message: 'The server imports only the contract and the pure rules from the SDK.',
  },
];

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
    ignores: ['embed-sdk/loader/**', 'embed-sdk/**/*.test.ts'],
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
    // The loader defines the elements, so it reads the widget definitions and the React-free
    // element registration, and nothing else of the widgets.
    files: ['embed-sdk/loader/**'],
    rules: restrict([
      {
        group: ['react', 'react-dom', 'react/*', '@fluentui/*', 'zod'],
        message: 'The loader stays tiny: no React, no zod.',
      },
      {
        regex:
          'widgets/(?!definitions\\.js$|runtime/element\\.js$|runtime/definition\\.js$|[^/]+/definition\\.js$)',
        message: 'The loader may import only widget definitions and widgets/runtime/element.',
      },
      { group: ['**/portal/**', '**/server/**'], message: 'The SDK does not import upward.' },
    ]),
  },
  {
    files: ['server/**'],
    rules: restrict(SERVER_IMPORTS),
  },
  {
    // Routes are thin: they check access, parse, call a capability's flow and map to the contract.
    files: ['server/http/routes/**'],
    rules: restrict([
      ...SERVER_IMPORTS,
      {
        regex: '^drizzle-orm(/|$)|(^|/)db/schema(/|\\.js$|$)',
        message: "A route builds no query: call the capability's flow (its store holds the queries).",
      },
    ]),
  },
  {
    // A capability is called by http/, never the other way round; it reaches another capability
    // through that one's exported functions.
    files: SERVER_CAPABILITIES.map((cap) => `server/${cap}/**`),
    rules: restrict([
      ...SERVER_IMPORTS,
      {
        regex: '(^|/)http(/|$)',
        message:
          'A capability does not import http/: throw the errors of server/errors.ts, or return a result.',
      },
    ]),
  },
  ...[
    ['server/domain/*.ts', '\\.\\./'],
    ['server/domain/*/*.ts', '\\.\\./\\.\\./'],
  ].map(([files, leaving]) => ({
    // Pure rules: no I/O, nothing but other rules and the SDK's pure modules (tests add their runner).
    files: [files],
    rules: restrict([
      ...SERVER_IMPORTS,
      {
        regex: `^(?!\\.|vitest$|fast-check$)|^${leaving}(?!(\\.\\./)*embed-sdk/(contract|format|validation|rules)(/|$))`,
        message:
          "domain/ imports only domain/ and the SDK's pure modules (contract, format, validation, rules).",
      },
    ]),
  })),
  {
    files: ['widgets/**', 'portal/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: restrict(
      [
        { group: ['**/server/**'], message: 'The front end knows only the contract.' },
        { group: ['**/embed-sdk/loader/**'], message: 'Widgets do not import the loader.' },
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
        { group: ['**/embed-sdk/loader/**'], message: 'Widgets do not import the loader.' },
        {
          // The index only: a gitignore-style group on the folder would match every module in it.
          regex: '(^|/)embed-sdk/contract(/index(\\.js)?)?$',
          message: 'Import one contract resource module (e.g. contract/patient.js), not the index.',
        },
      ],
      BROWSER_ZOD,
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
