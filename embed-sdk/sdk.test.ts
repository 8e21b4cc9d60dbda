/** init/getSdk as a page uses them: one instance, clear failures. Each test gets a fresh module. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerConfiguration } from './contract/config.js';

const serverConfiguration: ServerConfiguration = {
  authority: 'https://api.example.com/oidc',
  clientId: 'chairside-portal',
  termsUrl: 'https://api.example.com/#/terms-of-service',
  hubUrl: 'https://api.example.com/hubs/payments',
  cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
  liveChat: 'none',
  version: '1.0.0',

  now: '2026-11-21T15:00:00.000Z',
};
const getToken = () => 'token';
const options = { apiBaseUrl: 'https://api.example.com', auth: { mode: 'token' as const, getToken } };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let domEvents: CustomEvent[];

beforeEach(() => {
  vi.resetModules();
  fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json({ isSuccess: true, value: serverConfiguration, errors: [], showMessage: false }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const document = new EventTarget();
  domEvents = [];
  for (const name of ['ready', 'init-error', 'auth'])
    document.addEventListener(`chairside:${name}`, (e) => domEvents.push(e as CustomEvent));
  vi.stubGlobal('document', document);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const freshSdkModule = () => import('./sdk.js');

/** The next configuration fetched says the server's clock is `ms` ahead of this one. */
function answerConfigurationAhead(ms: number) {
  fetchMock.mockResolvedValueOnce(
    Response.json({
      isSuccess: true,
      value: { ...serverConfiguration, now: new Date(Date.now() + ms).toISOString() },
      errors: [],
      showMessage: false,
    }),
  );
}

describe('init', () => {
  it('fills the defaults from the server configuration and announces ready and auth', async () => {
    const { init } = await freshSdkModule();
    const sdk = await init(options);
    expect(fetchMock).toHaveBeenCalledWith('https://api.example.com/api/configuration', expect.anything());
    expect(sdk.config).toMatchObject({
      apiBaseUrl: 'https://api.example.com',
      hubUrl: 'https://api.example.com/hubs/payments',
      cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
      theme: 'light',
      auth: { mode: 'token' },
    });
    expect(sdk.server?.version).toBe('1.0.0');
    expect(domEvents.map((e) => [e.type, e.detail])).toEqual([
      ['chairside:ready', {}],
      ['chairside:auth', { signedIn: true }],
    ]);
  });

  it('does not fetch the configuration when the options leave nothing to fill', async () => {
    const { init } = await freshSdkModule();
    const sdk = await init({
      ...options,
      hubUrl: 'https://rt.example.com/hub',
      cardProviderScriptUrl: 'https://cards.example.com/t.js',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sdk.server).toBeNull();
  });

  it('carries on with the default addresses when the configuration cannot be fetched', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { init } = await freshSdkModule();
    const sdk = await init(options);
    expect(sdk.config.hubUrl).toBe('https://api.example.com/hubs/payments');
    expect(sdk.config.cardProviderScriptUrl).toBeNull();
    expect(warn.mock.calls[0]![0]).toMatch(
      /^Chairside could not reach https:\/\/api\.example\.com\/api\/configuration/,
    );
  });

  it('tells the time by the server’s clock when its configuration gave it (a sandbox’s may be ahead)', async () => {
    const thirtyDays = 30 * 24 * 3600_000;
    answerConfigurationAhead(thirtyDays);
    const { init } = await freshSdkModule();
    const sdk = await init(options);
    expect(Math.abs(sdk.now().getTime() - (Date.now() + thirtyDays))).toBeLessThan(5_000);
  });

  it('tells the time by the server’s clock when the page fetched the configuration itself (the portal)', async () => {
    const aWeek = 7 * 24 * 3600_000;
    answerConfigurationAhead(aWeek);
    const { init } = await freshSdkModule();
    const { fetchServerConfiguration } = await import('./serverConfiguration.js');
    const configuration = await fetchServerConfiguration('https://api.example.com');
    const sdk = await init({
      ...options,
      hubUrl: configuration.hubUrl,
      cardProviderScriptUrl: configuration.cardProviderScriptUrl,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(Math.abs(sdk.now().getTime() - (Date.now() + aWeek))).toBeLessThan(5_000);
  });

  it('tells the time by the browser’s clock without the server’s configuration, or without its time', async () => {
    const { init } = await freshSdkModule();
    const { serverClockOffset } = await import('./serverConfiguration.js');
    const sdk = await init({
      ...options,
      hubUrl: 'https://rt.example.com/hub',
      cardProviderScriptUrl: 'https://cards.example.com/t.js',
    });
    expect(Math.abs(sdk.now().getTime() - Date.now())).toBeLessThan(1_000);
    expect(serverClockOffset(null, Date.now())).toBe(0);
    expect(serverClockOffset({ now: 'not a time' }, Date.now())).toBe(0);
    expect(
      serverClockOffset({ now: '2026-11-22T10:00:00.000Z' }, Date.parse('2026-11-22T09:00:00.000Z')),
    ).toBe(3600_000);
  });

  it('is one instance per page: the same options give the same instance', async () => {
    const { init } = await freshSdkModule();
    const first = init(options);
    const again = init({ auth: { getToken, mode: 'token' }, apiBaseUrl: 'https://api.example.com' });
    expect(again).toBe(first);
    expect(await again).toBe(await first);
  });

  it('keeps the first instance and warns when called again with different options', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { init } = await freshSdkModule();
    const first = await init(options);
    const second = await init({ ...options, theme: 'dark' });
    expect(second).toBe(first);
    expect(second.config.theme).toBe('light');
    expect(warn).toHaveBeenCalledWith(
      'Chairside.init was called again with different options; the first options stay in effect.',
    );
  });

  it('rejects bad options, logs them and sends init-error, and lets a corrected call follow', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { init, getSdk } = await freshSdkModule();
    const waiting = getSdk();
    await expect(init({ apiBaseUrl: 'foo', auth: { mode: 'token', getToken } })).rejects.toThrow(
      'Chairside.init: apiBaseUrl must be an absolute URL such as https://api.example.com (got "foo").',
    );
    await expect(waiting).rejects.toThrow(/apiBaseUrl must be an absolute URL/);
    expect(error).toHaveBeenCalledWith(
      'Chairside.init: apiBaseUrl must be an absolute URL such as https://api.example.com (got "foo").',
    );
    expect(domEvents.filter((e) => e.type === 'chairside:init-error').map((e) => e.detail)).toEqual([
      {
        message:
          'Chairside.init: apiBaseUrl must be an absolute URL such as https://api.example.com (got "foo").',
      },
    ]);
    const sdk = await init(options);
    expect(await getSdk()).toBe(sdk);
  });
});

describe('getSdk', () => {
  it('waits for init', async () => {
    const { init, getSdk } = await freshSdkModule();
    let resolved = false;
    const waiting = getSdk().then((sdk) => ((resolved = true), sdk));
    await new Promise((r) => setTimeout(r, 10));
    expect(resolved).toBe(false);
    const sdk = await init(options);
    expect(await waiting).toBe(sdk);
    expect(await getSdk()).toBe(sdk);
  });
});

describe('realtime()', () => {
  it('loads the hub client once, on first use', async () => {
    const { createSdk } = await freshSdkModule();
    const { parseInitOptions } = await import('./config.js');
    const realtime = {
      start: vi.fn(),
      stop: vi.fn(),
      onState: vi.fn(),
      on: vi.fn(),
      send: vi.fn(),
      state: 'disconnected',
    };
    const loadRealtime = vi.fn(async () => ({ createRealtime: () => realtime as never }));
    const sdk = await createSdk(parseInitOptions(options), {
      fetch: fetchMock,
      pageHref: undefined,
      loadRealtime,
    });
    expect(loadRealtime).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([sdk.realtime(), sdk.realtime()]);
    expect(a).toBe(b);
    expect(loadRealtime).toHaveBeenCalledTimes(1);
    expect(realtime.start).toHaveBeenCalledTimes(1);
  });

  it('tries again after its code failed to load', async () => {
    const { createSdk } = await freshSdkModule();
    const { parseInitOptions } = await import('./config.js');
    const realtime = {
      start: vi.fn(),
      stop: vi.fn(),
      onState: vi.fn(),
      on: vi.fn(),
      send: vi.fn(),
      state: 'disconnected',
    };
    const loadRealtime = vi
      .fn()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ createRealtime: () => realtime });
    const sdk = await createSdk(parseInitOptions(options), {
      fetch: fetchMock,
      pageHref: undefined,
      loadRealtime,
    });
    await expect(sdk.realtime()).rejects.toThrow('chunk failed');
    await expect(sdk.realtime()).resolves.toBe(realtime);
  });
});
