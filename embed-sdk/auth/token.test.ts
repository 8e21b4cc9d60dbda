import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenAuth } from './token.js';

afterEach(() => vi.restoreAllMocks());

const jwt = (payload: object) =>
  ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'signature'].join('.');

describe('createTokenAuth (tokens from the host page)', () => {
  it('asks the host for a token, and with forceRefresh after a 401', async () => {
    const getToken = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) =>
      forceRefresh ? 'fresh' : 'cached',
    );
    const auth = createTokenAuth(getToken);
    expect(await auth.getToken()).toBe('cached');
    expect(await auth.refresh()).toBe('fresh');
    expect(getToken.mock.calls).toEqual([[{ forceRefresh: false }], [{ forceRefresh: true }]]);
  });

  it('shares one forced refresh between requests that fail together', async () => {
    let release!: (token: string) => void;
    const getToken = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const auth = createTokenAuth(getToken);
    const all = Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
    release('fresh');
    expect(await all).toEqual(['fresh', 'fresh', 'fresh']);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('treats no token as signed out, quietly', async () => {
    const error = vi.spyOn(console, 'error');
    for (const none of [null, undefined, '']) {
      const auth = createTokenAuth(() => none as unknown as string);
      expect(await auth.getToken()).toBeNull();
      expect(await auth.signedIn()).toBe(false);
    }
    expect(error).not.toHaveBeenCalled();
  });

  it('reports a callback that throws or answers something else, and carries on signed out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = createTokenAuth(() => {
      throw new Error('host session expired');
    });
    expect(await failing.getToken()).toBeNull();
    expect(error).toHaveBeenCalledWith('Chairside: your auth.getToken callback failed.', expect.any(Error));
    const wrong = createTokenAuth(() => ({ token: 'x' }) as unknown as string);
    expect(await wrong.getToken()).toBeNull();
    expect(error).toHaveBeenLastCalledWith(
      'Chairside: auth.getToken must return an access token string (got object).',
    );
  });

  it('tells listeners when the signed-in state changes, once per change', async () => {
    let token: string | null = 'a';
    const auth = createTokenAuth(() => token as string);
    const changes: boolean[] = [];
    auth.onChange((signedIn) => changes.push(signedIn));
    await auth.getToken();
    await auth.getToken();
    token = null;
    await auth.refresh();
    token = 'b';
    await auth.getToken();
    await auth.signOut();
    expect(changes).toEqual([true, false, true, false]);
  });

  it("reads the profile from the access token's claims", async () => {
    const auth = createTokenAuth(() =>
      jwt({
        sub: '7',
        email: 'fran@example.com',
        is_admin: false,
        practices: [{ id: 1, roles: ['PROCESSREFUND'] }],
      }),
    );
    expect(await auth.getProfile()).toEqual({
      sub: '7',
      name: null,
      email: 'fran@example.com',
      isAdmin: false,
      practices: [{ id: 1, roles: ['PROCESSREFUND'] }],
    });
    expect(await createTokenAuth(() => 'opaque-token').getProfile()).toBeNull();
  });

  it('signs in by asking the host again, which may show its own sign-in', async () => {
    const getToken = vi.fn(() => 'token');
    await createTokenAuth(getToken).signIn();
    expect(getToken).toHaveBeenCalledWith({ forceRefresh: true });
  });
});
