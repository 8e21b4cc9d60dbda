import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerConfiguration } from './contract/config.js';
import { InitOptionsError, needsServerConfiguration, parseInitOptions, resolveConfig } from './config.js';

afterEach(() => vi.restoreAllMocks());

const getToken = () => 'token';
const server: ServerConfiguration = {
  authority: 'https://id.example.com/oidc',
  clientId: 'chairside-portal',
  termsUrl: 'https://api.example.com/#/terms-of-service',
  hubUrl: 'https://api.example.com/hubs/payments',
  cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
  liveChat: 'none',
  version: '1.2.3',

  now: '2026-11-21T15:00:00.000Z',
};

function problems(input: unknown): string[] {
  try {
    parseInitOptions(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InitOptionsError);
    return (error as InitOptionsError).problems;
  }
  throw new Error('expected the options to be refused');
}

describe('parseInitOptions', () => {
  it('accepts the smallest OIDC and token options and defaults the theme to light', () => {
    expect(
      parseInitOptions({ apiBaseUrl: 'https://api.example.com', auth: { mode: 'oidc', clientId: 'c' } }),
    ).toEqual({
      apiBaseUrl: 'https://api.example.com',
      auth: { mode: 'oidc', clientId: 'c' },
      theme: 'light',
    });
    const options = parseInitOptions({
      apiBaseUrl: 'http://localhost:18800',
      auth: { mode: 'token', getToken },
      theme: 'dark',
    });
    expect(options.auth).toEqual({ mode: 'token', getToken });
    expect(options.theme).toBe('dark');
  });

  it.each([
    [
      'a relative apiBaseUrl',
      { apiBaseUrl: 'foo', auth: { mode: 'oidc', clientId: 'c' } },
      'apiBaseUrl must be an absolute URL such as https://api.example.com (got "foo").',
    ],
    [
      'a missing apiBaseUrl',
      { auth: { mode: 'oidc', clientId: 'c' } },
      'apiBaseUrl must be an absolute URL such as https://api.example.com (got nothing).',
    ],
    [
      'a non-http apiBaseUrl',
      { apiBaseUrl: 'ftp://api.example.com', auth: { mode: 'oidc', clientId: 'c' } },
      'apiBaseUrl must be an absolute URL such as https://api.example.com (got "ftp://api.example.com").',
    ],
    [
      'a missing auth',
      { apiBaseUrl: 'https://api.example.com' },
      "auth is required: { mode: 'oidc', clientId: '…' } to sign in with Chairside, or { mode: 'token', getToken } when your page supplies the access token.",
    ],
    [
      'an unknown auth mode',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'saml' } },
      "auth.mode must be 'oidc' or 'token' (got \"saml\").",
    ],
    [
      'auth as a string',
      { apiBaseUrl: 'https://api.example.com', auth: 'oidc' },
      "auth must be an object such as { mode: 'oidc', clientId: '…' } (got \"oidc\").",
    ],
    [
      'a missing clientId',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'oidc' } },
      'auth.clientId must be the client id of your Chairside sign-in client, such as "chairside-portal" (got nothing).',
    ],
    [
      'an empty clientId',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'oidc', clientId: ' ' } },
      'auth.clientId must be the client id of your Chairside sign-in client, such as "chairside-portal" (got " ").',
    ],
    [
      'a relative authority',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'oidc', clientId: 'c', authority: '/oidc' } },
      'auth.authority must be an absolute URL such as https://login.example.com (got "/oidc").',
    ],
    [
      'a token getter that is not a function',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'token', getToken: 'abc' } },
      'auth.getToken must be a function ({ forceRefresh }) => accessToken that returns your user\'s Chairside access token (got "abc").',
    ],
    [
      'an unknown theme',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'token', getToken }, theme: 'blue' },
      "theme must be 'light' or 'dark' (got \"blue\").",
    ],
    [
      'a bad hubUrl',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'token', getToken }, hubUrl: 'hubs' },
      'hubUrl must be an absolute URL such as https://api.example.com/hubs/payments (got "hubs").',
    ],
    [
      'a bad locale',
      { apiBaseUrl: 'https://api.example.com', auth: { mode: 'token', getToken }, locale: 'en_US!' },
      'locale must be a language tag such as "en-US" (got "en_US!").',
    ],
  ])('refuses %s with a message naming the option', (_case, input, message) => {
    expect(problems(input)).toEqual([message]);
  });

  it('lists every problem at once, each prefixed for the console', () => {
    try {
      parseInitOptions({ apiBaseUrl: 'foo', auth: { mode: 'oidc' }, theme: 3 });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message.split('\n')).toEqual([
        'Chairside.init: apiBaseUrl must be an absolute URL such as https://api.example.com (got "foo").',
        'Chairside.init: auth.clientId must be the client id of your Chairside sign-in client, such as "chairside-portal" (got nothing).',
        "Chairside.init: theme must be 'light' or 'dark' (got 3).",
      ]);
    }
  });

  it('refuses something that is not an options object', () => {
    expect(problems(undefined)[0]).toMatch(
      /^options must be an object such as \{ apiBaseUrl: .* \(got nothing\)\.$/,
    );
    expect(problems('https://api.example.com')[0]).toContain('(got "https://api.example.com")');
  });

  it('warns about an option it does not know, which would otherwise vanish', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    parseInitOptions({
      apiBaseUrl: 'https://api.example.com',
      apiBaseURL: 'x',
      auth: { mode: 'token', getToken },
    });
    expect(warn).toHaveBeenCalledWith('Chairside.init: unknown option "apiBaseURL" is ignored.');
  });
});

describe('resolveConfig', () => {
  const page = 'https://intranet.example.com/payments/index.html?patient=4#/notes';

  it('fills the defaults from the server configuration', () => {
    const options = parseInitOptions({
      apiBaseUrl: 'https://api.example.com/',
      auth: { mode: 'oidc', clientId: 'c' },
    });
    expect(resolveConfig(options, server, page)).toEqual({
      apiBaseUrl: 'https://api.example.com',
      hubUrl: 'https://api.example.com/hubs/payments',
      auth: {
        mode: 'oidc',
        authority: 'https://id.example.com/oidc',
        clientId: 'c',
        redirectUri: 'https://intranet.example.com/payments/index.html',
        scope: 'openid profile email offline_access api',
      },
      theme: 'light',
      cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
      locale: undefined,
    });
  });

  it('falls back to the addresses under apiBaseUrl without a server configuration', () => {
    const options = parseInitOptions({
      apiBaseUrl: 'https://api.example.com',
      auth: { mode: 'oidc', clientId: 'c' },
    });
    const config = resolveConfig(options, null, page);
    expect(config.hubUrl).toBe('https://api.example.com/hubs/payments');
    expect(config.auth).toMatchObject({ authority: 'https://api.example.com/oidc' });
    expect(config.cardProviderScriptUrl).toBeNull();
  });

  it('prefers what the host said over the server', () => {
    const options = parseInitOptions({
      apiBaseUrl: 'https://api.example.com',
      hubUrl: 'https://rt.example.com/hub',
      cardProviderScriptUrl: 'https://cards.example.com/v2.js',
      auth: {
        mode: 'oidc',
        clientId: 'c',
        authority: 'https://login.example.com/',
        redirectUri: 'https://intranet.example.com/callback',
        scope: 'openid api',
      },
    });
    expect(needsServerConfiguration(options)).toBe(false);
    expect(resolveConfig(options, server, page)).toMatchObject({
      hubUrl: 'https://rt.example.com/hub',
      cardProviderScriptUrl: 'https://cards.example.com/v2.js',
      auth: {
        authority: 'https://login.example.com',
        redirectUri: 'https://intranet.example.com/callback',
        scope: 'openid api',
      },
    });
  });

  it('needs the server configuration while a default is missing', () => {
    expect(
      needsServerConfiguration(
        parseInitOptions({ apiBaseUrl: 'https://a.example.com', auth: { mode: 'token', getToken } }),
      ),
    ).toBe(true);
  });

  it('asks for a redirectUri when there is no page to return to', () => {
    const options = parseInitOptions({
      apiBaseUrl: 'https://api.example.com',
      auth: { mode: 'oidc', clientId: 'c' },
    });
    expect(() => resolveConfig(options, server, undefined)).toThrow(
      /auth\.redirectUri is required outside a browser page/,
    );
  });
});
