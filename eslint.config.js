// One linter for the whole package. Besides the usual rules it enforces the layers of
// ../shared/guide/ARCHITECTURE.md: nothing imports upward, and capabilities do not import each other.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  'logs',
];

const BROWSER_ZOD = [
  { name: 'zod', message: "Browser code imports 'zod/mini' (the full zod API stays on the server)." },
];
const restrict = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });

/**
 * The front end's layers (ARCHITECTURE.md, "A capability's public face"): widgets/runtime and
 * widgets/ui are shared by every capability, widgets/loader sits above all the widgets, and every
 * other folder of widgets/ is a capability, read from the tree so that a new folder is covered
 * without editing a list. A capability never imports another one (in any file, tests included);
 * the portal reaches a capability only through its index.ts.
 */
const WIDGETS = path.join(import.meta.dirname, 'widgets');
const SHARED_LAYERS = ['runtime', 'ui'];

/** How deep the widgets' folders go (0: widgets/<folder>/x.ts), read from the tree. */
function widgetsDepth(dir = WIDGETS, depth = -1) {
  let deepest = depth;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) deepest = Math.max(deepest, widgetsDepth(path.join(dir, entry.name), depth + 1));
  }
  return deepest;
}

const SHARED = SHARED_LAYERS.join('|');
const NOT_A_CAPABILITY = 'A widget does not import another widget (nor the loader, which sits above them):';
const SHARE_INSTEAD = 'move what two capabilities share to widgets/ui or embed-sdk.';

/**
 * For a module `depth` folders below widgets/<folder>/: a relative import that climbs to widgets/
 * and goes into one of its folders other than the shared layers (climbing exactly depth + 1 levels
 * reaches widgets/; a name then a slash is one of its folders), or one that climbs out of widgets/
 * and comes back in by name.
 */
const otherWidgetFolder = (depth) =>
  `^(?:\\.\\./){${depth + 1}}(?!(?:${SHARED})/)[^./][^/]*/|(^|/)widgets/(?!(?:${SHARED})/)`;

/** An import of the portal's that goes past a capability's public face (index.ts), or to the loader. */
const PAST_THE_FACE = `(^|/)widgets/(?!(?:${SHARED})/)(?:loader/|[^/]+$|[^/]+/(?!index\\.js$))`;

const FRONT_END_BASE = [
  { regex: '(^|/)server/', message: 'The front end knows only the contract.' },
  {
    // The index only: a gitignore-style group on the folder would match every module in it.
    regex: '(^|/)embed-sdk/contract(/index(\\.js)?)?$',
    message: 'Import one contract resource module (e.g. contract/patient.js), not the index.',
  },
];
const UPWARD = { regex: '(^|/)portal/', message: 'Widgets do not import upward.' };

/**
 * no-restricted-imports for these patterns, and the same regexes for import() (which that rule does
 * not look at), as no-restricted-syntax.
 */
function restrictImports(patterns, paths = []) {
  const dynamic = patterns
    .filter((p) => p.regex)
    .map((p) => ({
      selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\/')}/]`,
      message: p.message,
    }));
  return { ...restrict(patterns, paths), 'no-restricted-syntax': ['error', ...dynamic] };
}

function frontEndBoundaries() {
  const tests = ['**/*.test.ts', '**/*.test.tsx'];
  const blocks = [
    { files: ['portal/**'], ignores: tests, patterns: [...FRONT_END_BASE] },
    { files: tests.map((t) => `portal/${t}`), patterns: [] },
  ].map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: restrictImports(
      [
        ...patterns,
        {
          regex: PAST_THE_FACE,
          message:
            'The portal imports a capability only through its index.ts (plus widgets/runtime and widgets/ui).',
        },
      ],
      patterns.length > 0 ? BROWSER_ZOD : [],
    ),
  }));
  blocks.push({
    // The patient's pages' own entry (issue 39): what a patient's link loads, without staff code.
    // The build checks the whole bundle too (scripts/patientEntry.ts); this names the file at fault.
    files: ['portal/patient/**'],
    ignores: tests,
    rules: restrictImports(
      [
        ...FRONT_END_BASE,
        { regex: PAST_THE_FACE, message: 'The portal imports a capability only through its index.ts.' },
        {
          regex:
            '^\\.\\./(shell/(?!BlankFrame|LoadingOverlay|banners/PortalBanners)|session/|boot/|admin/|dashboard/|reports/|liveChat/|App|startPortalApp|main|public/PublicApp|routing/(routes|publicRouteObjects|RequireRole)|pages/(?!Public(Payment|Card|Enrollment)Page))',
          message:
            "The patient's pages load no staff code: no portal shell, session, sign-in or staff screen.",
        },
        { regex: '(^|/)embed-sdk/auth/oidc', message: "The patient's pages sign nobody in." },
      ],
      [
        ...BROWSER_ZOD,
        ...['react-router-dom', 'react-router', 'oidc-client-ts', '@microsoft/signalr'].map((name) => ({
          name,
          message: "The patient's pages have no router, no sign-in and no hub.",
        })),
      ],
    ),
  });
  // Every module of widgets/<folder>/, by its depth, tests included; the base rules skip tests.
  for (let depth = 0; depth <= widgetsDepth(); depth++) {
    const files = [`widgets/*/${'*/'.repeat(depth)}*`];
    const boundary = { regex: otherWidgetFolder(depth), message: `${NOT_A_CAPABILITY} ${SHARE_INSTEAD}` };
    blocks.push(
      {
        files,
        ignores: ['widgets/loader/**', ...tests],
        rules: restrictImports([...FRONT_END_BASE, UPWARD, boundary], BROWSER_ZOD),
      },
      {
        files: files.flatMap((f) => tests.map((t) => f.replace(/\*$/, t))),
        rules: restrictImports([FRONT_END_BASE[0], UPWARD, boundary]),
      },
    );
  }
  blocks.push({
    // widgets/definitions.ts and widgets/firstViews.ts: the lists of every widget.
    files: ['widgets/*.ts'],
    rules: restrictImports([...FRONT_END_BASE, UPWARD], BROWSER_ZOD),
  });
  blocks.push({
    // The loader (/embed.js) defines every element, so it sits above the widgets: it reads the
    // React-free element registration and nothing else of them. Not their definitions either: the
    // build gives it each tag's chunk and early requests, and each widget's chunk brings its own
    // attributes (embed.js, on every page, carries no widget's).
    files: ['widgets/loader/**'],
    ignores: tests,
    rules: restrictImports(
      [
        {
          group: ['react', 'react-dom', 'react/*', '@fluentui/*', 'zod/mini'],
          message: 'The loader stays tiny: no React, no zod.',
        },
        {
          regex: '^\\.\\./(?!runtime/element\\.js$|runtime/definition\\.js$|\\.\\./)',
          message:
            'The loader may import only widgets/runtime/element and runtime/definition (no widget definition: the build writes what it needs).',
        },
        ...FRONT_END_BASE,
        { regex: '(^|/)portal/', message: 'The loader does not import the portal.' },
      ],
      [{ name: 'zod', message: 'The loader stays tiny: no React, no zod.' }],
    ),
  });
  return blocks;
}

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

/**
 * Import cycles (import-x/no-cycle), dynamic imports included: a lazily loaded part that imports the
 * module loading it is a circle too. Modules import each other by their built names (x.js for x.ts
 * or x.tsx), which the resolver maps back.
 */
const NO_CYCLE = {
  plugins: { 'import-x': importX },
  settings: {
    // Which files the rule reads for their imports, and with which parser (import-x's TypeScript preset).
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      }),
    ],
  },
  rules: { 'import-x/no-cycle': 'error' },
};

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
    // Vitest shares a worker's modules between test files (vitest.config.ts): a module one file
    // replaced would stay replaced in the next. Only a file named *.isolated.test.* gets its own.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    ignores: ['**/*.isolated.test.ts', '**/*.isolated.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'A file that replaces a module is named *.isolated.test.ts(x), so that Vitest runs it in a module graph of its own.',
        })),
      ],
    },
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

  ...frontEndBoundaries(),
  { files: ['widgets/**'], ...NO_CYCLE },
);
