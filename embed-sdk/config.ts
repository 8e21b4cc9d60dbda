/**
 * The options of `Chairside.init(options)`, checked at runtime: a host page is plain JavaScript as
 * often as not, so TypeScript has proven nothing by the time these arrive. Every message names the
 * option, says what is expected with an example, and shows what was given.
 */
import { z } from 'zod/mini';
import type { ServerConfiguration } from './contract/config.js';
import { HUB_PATH } from './contract/realtime.js';

/** The host page's token callback (auth mode 'token'). `forceRefresh` is true after a 401. */
export type GetToken = (options: { forceRefresh: boolean }) => string | Promise<string>;

export type ThemeName = 'light' | 'dark';

export const DEFAULT_OIDC_SCOPE = 'openid profile email offline_access api';

function got(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (typeof input === 'function') return 'a function';
  if (typeof input === 'string') return JSON.stringify(input);
  try {
    const text = JSON.stringify(input);
    return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  } catch {
    return String(input);
  }
}

function isAbsoluteUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

const localeMessage = (input: unknown) =>
  `locale must be a language tag such as "en-US" (got ${got(input)}).`;

function absoluteUrl(name: string, example: string) {
  const message = (input: unknown) =>
    `${name} must be an absolute URL such as ${example} (got ${got(input)}).`;
  return z
    .string({ error: (issue) => message(issue.input) })
    .check(z.refine(isAbsoluteUrl, { error: (issue) => message(issue.input) }));
}

function text(name: string, expected: string) {
  const message = (input: unknown) => `${name} must be ${expected} (got ${got(input)}).`;
  return z
    .string({ error: (issue) => message(issue.input) })
    .check(z.refine((value) => value.trim() !== '', { error: (issue) => message(issue.input) }));
}

const OidcAuthOptions = z.object({
  mode: z.literal('oidc'),
  authority: z.optional(absoluteUrl('auth.authority', 'https://login.example.com')),
  clientId: text(
    'auth.clientId',
    'the client id of your Chairside sign-in client, such as "chairside-portal"',
  ),
  redirectUri: z.optional(absoluteUrl('auth.redirectUri', 'https://intranet.example.com/payments')),
  scope: z.optional(text('auth.scope', `a space-separated list of scopes such as "${DEFAULT_OIDC_SCOPE}"`)),
});

const TokenAuthOptions = z.object({
  mode: z.literal('token'),
  getToken: z.custom<GetToken>((value) => typeof value === 'function', {
    error: (issue) =>
      `auth.getToken must be a function ({ forceRefresh }) => accessToken that returns your user's Chairside access token (got ${got(issue.input)}).`,
  }),
});

const AuthOptions = z.discriminatedUnion('mode', [OidcAuthOptions, TokenAuthOptions], {
  error: (issue) => {
    if (issue.input === undefined)
      return "auth is required: { mode: 'oidc', clientId: '…' } to sign in with Chairside, or { mode: 'token', getToken } when your page supplies the access token.";
    if (typeof issue.input !== 'object' || issue.input === null)
      return `auth must be an object such as { mode: 'oidc', clientId: '…' } (got ${got(issue.input)}).`;
    return `auth.mode must be 'oidc' or 'token' (got ${got((issue.input as { mode?: unknown }).mode)}).`;
  },
});

export const InitOptions = z.object({
  apiBaseUrl: absoluteUrl('apiBaseUrl', 'https://api.example.com'),
  hubUrl: z.optional(absoluteUrl('hubUrl', `https://api.example.com${HUB_PATH}`)),
  auth: AuthOptions,
  theme: z._default(
    z.enum(['light', 'dark'], {
      error: (issue) => `theme must be 'light' or 'dark' (got ${got(issue.input)}).`,
    }),
    'light',
  ),
  cardProviderScriptUrl: z.optional(
    absoluteUrl('cardProviderScriptUrl', 'https://cards.example.com/tokenize.js'),
  ),
  locale: z.optional(
    z
      .string({ error: (issue) => localeMessage(issue.input) })
      .check(z.refine(isLocale, { error: (issue) => localeMessage(issue.input) })),
  ),
});

/** What a host passes to init (before defaults). */
export type InitOptionsInput = z.input<typeof InitOptions>;
/** The options after checking, with `theme` defaulted. */
export type InitOptions = z.output<typeof InitOptions>;

export class InitOptionsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((p) => `Chairside.init: ${p}`).join('\n'));
    this.name = 'InitOptionsError';
  }
}

const KNOWN_OPTIONS = new Set(Object.keys(InitOptions.shape));

/** Checks the options; throws an InitOptionsError listing every problem at once. */
export function parseInitOptions(input: unknown): InitOptions {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new InitOptionsError([
      `options must be an object such as { apiBaseUrl: 'https://api.example.com', auth: { mode: 'oidc', clientId: '…' } } (got ${got(input)}).`,
    ]);
  }
  for (const key of Object.keys(input)) {
    // A misspelt option would otherwise vanish silently and its default would apply.
    if (!KNOWN_OPTIONS.has(key)) console.warn(`Chairside.init: unknown option "${key}" is ignored.`);
  }
  const result = InitOptions.safeParse(input);
  if (!result.success) throw new InitOptionsError(result.error.issues.map((issue) => issue.message));
  return result.data;
}

export interface OidcAuthConfig {
  mode: 'oidc';
  authority: string;
  clientId: string;
  redirectUri: string;
  scope: string;
}

export interface TokenAuthConfig {
  mode: 'token';
  getToken: GetToken;
}

/** The SDK's settings with every default filled in. */
export interface ChairsideConfig {
  /** Without a trailing slash. */
  apiBaseUrl: string;
  hubUrl: string;
  auth: OidcAuthConfig | TokenAuthConfig;
  theme: ThemeName;
  /** Null when neither the options nor the server name one: card entry cannot load. */
  cardProviderScriptUrl: string | null;
  locale: string | undefined;
}

/** Whether some default can only come from the server's GET /api/configuration. */
export function needsServerConfiguration(options: InitOptions): boolean {
  return (
    !options.hubUrl ||
    !options.cardProviderScriptUrl ||
    (options.auth.mode === 'oidc' && !options.auth.authority)
  );
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The page's address without query and hash: where sign-in comes back to by default. */
export function pageAddress(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href;
}

/**
 * Fills the defaults: what the host said first, then what the server says (it knows where its
 * identity provider and hub really are), then the addresses a default sandbox server uses.
 */
export function resolveConfig(
  options: InitOptions,
  server: ServerConfiguration | null,
  pageHref: string | undefined,
): ChairsideConfig {
  const apiBaseUrl = withoutTrailingSlash(options.apiBaseUrl);
  let auth: ChairsideConfig['auth'];
  if (options.auth.mode === 'oidc') {
    const redirectUri = options.auth.redirectUri ?? (pageHref ? pageAddress(pageHref) : undefined);
    if (!redirectUri) {
      throw new InitOptionsError([
        'auth.redirectUri is required outside a browser page (there is no page address to return to after sign-in).',
      ]);
    }
    auth = {
      mode: 'oidc',
      authority: withoutTrailingSlash(options.auth.authority ?? server?.authority ?? `${apiBaseUrl}/oidc`),
      clientId: options.auth.clientId,
      redirectUri,
      scope: options.auth.scope ?? DEFAULT_OIDC_SCOPE,
    };
  } else {
    auth = { mode: 'token', getToken: options.auth.getToken };
  }
  return {
    apiBaseUrl,
    hubUrl: options.hubUrl ?? server?.hubUrl ?? `${apiBaseUrl}${HUB_PATH}`,
    auth,
    theme: options.theme,
    cardProviderScriptUrl: options.cardProviderScriptUrl ?? server?.cardProviderScriptUrl ?? null,
    locale: options.locale,
  };
}
