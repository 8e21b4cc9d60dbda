/**
 * OIDC sign-in against the sandbox's real identity provider, in a fake page: redirect out, sign in,
 * come back with code and state, use and renew the tokens, sign out.
 */
import { InMemoryWebStorage } from 'oidc-client-ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refresh } from '../../tests/support/oidc.js';
import { startTestServer, type TestServer } from '../../tests/support/server.js';
import { DEFAULT_OIDC_SCOPE, type OidcAuthConfig } from '../config.js';
import { createOidcAuth } from './oidc.js';
import { approveSignIn } from './testing/approveSignIn.js';
import { installFakeBrowser } from './testing/fakeBrowser.js';

let server: TestServer;
let config: OidcAuthConfig;
beforeAll(async () => {
  server = await startTestServer();
  config = {
    mode: 'oidc',
    authority: `${server.url}/oidc`,
    clientId: 'chairside-portal',
    redirectUri: `${server.url}/host/page`,
    scope: DEFAULT_OIDC_SCOPE,
  };
});
afterAll(() => server?.close());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function clinicsStatus(token: string | null) {
  return (await server.call('GET', '/api/company/clinics', { token })).status;
}

/** Signs in from a fresh page and returns the browser, back on the page, with the session stored. */
async function signedInBrowser(email = 'frontdesk@chairside.test') {
  const browser = installFakeBrowser(`${server.url}/host/page?patient=4#/notes`);
  const leaving = createOidcAuth(config);
  void leaving.signIn();
  await vi.waitFor(() => expect(browser.navigations).toHaveLength(1));
  browser.open(await approveSignIn(browser.navigations[0]!, email));
  return browser;
}

function storedUserKey(storage: Storage): string {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)!);
  return keys.find((key) => key.startsWith('chairside.oidc.user.'))!;
}

/** Changes the stored session (an access token about to expire, a forged refresh token). */
function editStoredUser(storage: Storage, edit: (user: Record<string, unknown>) => void) {
  const key = storedUserKey(storage);
  const user = JSON.parse(storage.getItem(key)!) as Record<string, unknown>;
  edit(user);
  storage.setItem(key, JSON.stringify(user));
}

describe('createOidcAuth with the sandbox identity provider', () => {
  it('starts signed out and redirects to the provider with PKCE, back to this page', async () => {
    const browser = installFakeBrowser(`${server.url}/host/page`);
    const auth = createOidcAuth(config);
    expect(await auth.getToken()).toBeNull();
    expect(await auth.signedIn()).toBe(false);
    expect(await auth.getProfile()).toBeNull();
    void auth.signIn();
    await vi.waitFor(() => expect(browser.navigations).toHaveLength(1));
    const url = new URL(browser.navigations[0]!);
    expect(url.origin + url.pathname).toBe(`${server.url}/oidc/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'chairside-portal',
      redirect_uri: `${server.url}/host/page`,
      response_type: 'code',
      scope: DEFAULT_OIDC_SCOPE,
      code_challenge_method: 'S256',
    });
  });

  it('completes the returning sign-in, restores the page address and exposes the profile', async () => {
    const browser = await signedInBrowser();
    expect(new URL(browser.href).searchParams.has('code')).toBe(true);
    const auth = createOidcAuth(config);
    const changes: boolean[] = [];
    auth.onChange((signedIn) => changes.push(signedIn));
    await auth.ready;

    expect(browser.href).toBe(`${server.url}/host/page?patient=4#/notes`);
    expect(changes).toEqual([true]);
    expect(await auth.signedIn()).toBe(true);
    const token = await auth.getToken();
    expect(await clinicsStatus(token)).toBe(200);
    expect(await auth.getProfile()).toEqual({
      sub: expect.any(String),
      name: 'Fran Desk',
      email: 'frontdesk@chairside.test',
      isAdmin: false,
      practices: [{ id: 1, roles: expect.arrayContaining(['EDITPAYMENTPLANS']) }],
    });
  });

  it('shares the session with another tab of the site (localStorage)', async () => {
    const browser = await signedInBrowser('admin@chairside.test');
    const firstTab = createOidcAuth(config);
    await firstTab.ready;
    installFakeBrowser(`${server.url}/other/page`, browser.storage);
    const secondTab = createOidcAuth(config);
    expect(await secondTab.getToken()).toBe(await firstTab.getToken());
    expect((await secondTab.getProfile())?.isAdmin).toBe(true);
  });

  it('renews with the refresh token, and every caller at once shares one renewal', async () => {
    await signedInBrowser();
    const auth = createOidcAuth(config);
    await auth.ready;
    const before = await auth.getToken();
    const renewed = await Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
    expect(new Set(renewed).size).toBe(1);
    expect(renewed[0]).not.toBe(before);
    expect(await clinicsStatus(renewed[0]!)).toBe(200);
    expect(await auth.getToken()).toBe(renewed[0]);
  });

  it('lets one tab at a time renew, so tabs never spend the same refresh token twice', async () => {
    // Web Locks as a browser has them: one holder per name, the others queue.
    const queues = new Map<string, Promise<unknown>>();
    vi.stubGlobal('navigator', {
      locks: {
        request(name: string, task: () => Promise<unknown>) {
          const run = (queues.get(name) ?? Promise.resolve()).then(task);
          queues.set(
            name,
            run.catch(() => undefined),
          );
          return run;
        },
      },
    });
    const browser = await signedInBrowser();
    const firstTab = createOidcAuth(config);
    await firstTab.ready;
    const secondTab = createOidcAuth(config);
    const [first, second] = await Promise.all([firstTab.refresh(), secondTab.refresh()]);
    expect(second).toBe(first);
    expect(await clinicsStatus(first)).toBe(200);
    // The provider saw no reuse, so the session goes on renewing.
    const stored = JSON.parse(browser.storage.getItem(storedUserKey(browser.storage))!) as {
      refresh_token: string;
    };
    await expect(refresh(server.url, stored.refresh_token)).resolves.toMatchObject({
      access_token: expect.any(String),
    });
  });

  it('renews a token that is about to expire before handing it out', async () => {
    const browser = await signedInBrowser();
    const auth = createOidcAuth(config);
    await auth.ready;
    const before = await auth.getToken();
    editStoredUser(browser.storage, (user) => (user.expires_at = Math.floor(Date.now() / 1000) + 5));
    const token = await auth.getToken();
    expect(token).not.toBe(before);
    expect(await clinicsStatus(token)).toBe(200);
  });

  it('ends the session when the provider refuses the refresh token', async () => {
    const browser = await signedInBrowser();
    const auth = createOidcAuth(config);
    await auth.ready;
    const changes: boolean[] = [];
    auth.onChange((signedIn) => changes.push(signedIn));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    editStoredUser(browser.storage, (user) => (user.refresh_token = 'revoked-or-forged'));
    expect(await auth.refresh()).toBeNull();
    expect(await auth.signedIn()).toBe(false);
    expect(await auth.getToken()).toBeNull();
    expect(changes).toEqual([false]);
  });

  it('signs out through the provider and comes back to this page', async () => {
    const browser = await signedInBrowser();
    const auth = createOidcAuth(config);
    await auth.ready;
    const warn = vi.spyOn(console, 'warn');
    const refreshToken = JSON.parse(browser.storage.getItem(storedUserKey(browser.storage))!)
      .refresh_token as string;
    void auth.signOut();
    await vi.waitFor(() => expect(browser.navigations).toHaveLength(2));
    const url = new URL(browser.navigations[1]!);
    expect(url.pathname).toBe('/oidc/session/end');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${server.url}/host/page`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(await auth.getToken()).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    // The refresh token was revoked: it no longer buys an access token.
    await expect(refresh(server.url, refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  it("leaves a code and state that are not ours (the host page's own OAuth) alone", async () => {
    const href = `${server.url}/host/page?code=abc&state=someone-else`;
    const browser = installFakeBrowser(href);
    const auth = createOidcAuth(config);
    await auth.ready;
    expect(browser.href).toBe(href);
    expect(await auth.getToken()).toBeNull();
  });

  it('cleans the address and logs when the provider sends back an error', async () => {
    const browser = installFakeBrowser(`${server.url}/host/page`);
    const leaving = createOidcAuth(config);
    void leaving.signIn();
    await vi.waitFor(() => expect(browser.navigations).toHaveLength(1));
    const state = new URL(browser.navigations[0]!).searchParams.get('state')!;
    browser.open(`${server.url}/host/page?error=access_denied&error_description=No+thanks&state=${state}`);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = createOidcAuth(config);
    await auth.ready;
    expect(browser.href).toBe(`${server.url}/host/page`);
    expect(error).toHaveBeenCalledWith(
      'Chairside: sign-in did not complete.',
      expect.objectContaining({ error: 'access_denied' }),
    );
    expect(await auth.signedIn()).toBe(false);
  });

  it('reports an identity provider that does not load as an initialisation error, after the spec wait', async () => {
    installFakeBrowser('http://localhost:9/host/page', new InMemoryWebStorage());
    const started = Date.now();
    const message = await new Promise<string>((resolve) => {
      createOidcAuth({ ...config, authority: 'http://localhost:9/oidc' }, { onInitError: resolve });
    });
    expect(message).toMatch(
      /^Chairside could not load the identity provider at http:\/\/localhost:9\/oidc after 100 tries/,
    );
    // 99 pauses of 50 ms between 100 tries.
    expect(Date.now() - started).toBeGreaterThanOrEqual(99 * 50);
  });
});
