/**
 * Tokens supplied by the host page (auth mode 'token'): a practice-system add-on or an intranet that
 * already signed its user in hands us an access token through a callback. The callback is asked on
 * every request, so the host decides about caching; after a 401 it is asked with forceRefresh.
 */
import type { GetToken } from '../config.js';
import { decodeJwtPayload, profileFromClaims } from './profile.js';
import { singleFlight } from './singleFlight.js';
import type { Auth } from './types.js';

export interface TokenAuth extends Auth {
  readonly mode: 'token';
}

export function createTokenAuth(getToken: GetToken): TokenAuth {
  const listeners = new Set<(signedIn: boolean) => void>();
  let lastSignedIn: boolean | undefined;
  let lastToken: string | null = null;

  const remember = (token: string | null) => {
    lastToken = token;
    const signedIn = token !== null;
    if (signedIn !== lastSignedIn) {
      lastSignedIn = signedIn;
      for (const listener of [...listeners]) listener(signedIn);
    }
    return token;
  };

  async function ask(forceRefresh: boolean): Promise<string | null> {
    let token: unknown;
    try {
      token = await getToken({ forceRefresh });
    } catch (error) {
      console.error('Chairside: your auth.getToken callback failed.', error);
      return remember(null);
    }
    // null, undefined or '' is the host's way of saying nobody is signed in: not an error.
    if (token === null || token === undefined || token === '') return remember(null);
    if (typeof token !== 'string') {
      console.error(`Chairside: auth.getToken must return an access token string (got ${typeof token}).`);
      return remember(null);
    }
    return remember(token);
  }

  const refresh = singleFlight(() => ask(true));

  return {
    mode: 'token',
    ready: Promise.resolve(),
    getToken: () => ask(false),
    refresh,
    async signedIn() {
      return (await ask(false)) !== null;
    },
    async getProfile() {
      const token = lastToken ?? (await ask(false));
      const claims = token ? decodeJwtPayload(token) : null;
      return claims ? profileFromClaims(claims) : null;
    },
    // The host owns sign-in: "sign in" means asking it for a token again, which may show its own login.
    async signIn() {
      await refresh();
    },
    async signOut() {
      remember(null);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
