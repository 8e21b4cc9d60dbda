/**
 * Sign-in with Chairside's identity provider through oidc-client-ts: authorization code with PKCE,
 * renewed with refresh tokens (never a hidden iframe: third-party cookies are gone in most browsers,
 * and a partner's page must not host our frames). The session lives in localStorage, so every tab of
 * the site shares it; refreshes are serialised across tabs because the provider rotates refresh
 * tokens and treats a reused one as theft.
 */
import {
  ErrorResponse,
  InMemoryWebStorage,
  UserManager,
  WebStorageStateStore,
  type User,
} from 'oidc-client-ts';
import type { OidcAuthConfig } from '../config.js';
import { callbackState, returnAddress, withoutCallbackParams } from './callbackUrl.js';
import { withCrossTabLock } from './crossTabLock.js';
import { profileFromClaims } from './profile.js';
import { waitForProvider } from './providerWait.js';
import { singleFlight } from './singleFlight.js';
import type { Auth } from './types.js';

/** Storage keys start with these, apart from anything the host page keeps in localStorage. */
const USER_PREFIX = 'chairside.oidc.user.';
const STATE_PREFIX = 'chairside.oidc.state.';
/** Renew this long before expiry, so a token does not expire between our check and the server's. */
const EXPIRY_MARGIN_SECONDS = 30;

export interface OidcAuthHooks {
  /** The identity provider could not be loaded (after the spec's wait). Defaults to console.error. */
  onInitError?: (message: string) => void;
}

export interface OidcAuth extends Auth {
  readonly mode: 'oidc';
  /** The underlying UserManager, for the rare screen that needs more (e.g. the provider's profile page). */
  readonly userManager: UserManager;
}

function expiresSoon(user: User): boolean {
  return user.expires_in !== undefined && user.expires_in <= EXPIRY_MARGIN_SECONDS;
}

export function createOidcAuth(config: OidcAuthConfig, hooks: OidcAuthHooks = {}): OidcAuth {
  const store = globalThis.localStorage ?? new InMemoryWebStorage();
  const stateStore = new WebStorageStateStore({ prefix: STATE_PREFIX, store });
  const userManager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    post_logout_redirect_uri: config.redirectUri,
    scope: config.scope,
    response_type: 'code',
    userStore: new WebStorageStateStore({ prefix: USER_PREFIX, store }),
    stateStore,
    // Renewal happens on demand (getToken, a 401) under a cross-tab lock, not on a timer in every tab.
    automaticSilentRenew: false,
    monitorSession: false,
    // Names, roles and practices are in the ID token; the userinfo round trip adds nothing.
    loadUserInfo: false,
    // Sign-out revokes the refresh token itself (see signOut); the provider answers a revocation with
    // an empty text/plain body, which oidc-client-ts refuses unless told.
    revokeTokensOnSignout: false,
    revokeTokenTypes: ['refresh_token'],
    revokeTokenAdditionalContentTypes: ['text/plain'],
  });

  const reportInitError = hooks.onInitError ?? ((message: string) => console.error(message));
  const metadata = waitForProvider(config.authority, () => userManager.metadataService.getMetadata());
  metadata.catch((error: Error) => reportInitError(error.message));

  const listeners = new Set<(signedIn: boolean) => void>();
  let lastSignedIn: boolean | undefined;
  const notify = (signedIn: boolean) => {
    if (signedIn === lastSignedIn) return;
    lastSignedIn = signedIn;
    for (const listener of [...listeners]) listener(signedIn);
  };

  const isSignedIn = (user: User | null) => !!user && (!user.expired || !!user.refresh_token);
  const signedIn = async () => isSignedIn(await userManager.getUser());

  async function completeReturningSignIn(): Promise<void> {
    const href = globalThis.location?.href;
    const state = href ? callbackState(href) : null;
    // Only a response to a sign-in this site started (we stored its state) is ours to complete.
    if (!href || !state || !(await stateStore.get(state))) return;
    try {
      await metadata;
      const user = await userManager.signinRedirectCallback(href);
      history.replaceState(history.state, '', returnAddress(user.state, href));
      notify(true);
    } catch (error) {
      history.replaceState(history.state, '', withoutCallbackParams(href));
      console.error('Chairside: sign-in did not complete.', error);
    }
  }

  const ready = completeReturningSignIn();

  const renew = singleFlight(() => {
    const staleToken = userManager.getUser().then((user) => user?.access_token ?? null);
    return withCrossTabLock(`chairside-token:${config.authority}:${config.clientId}`, async () => {
      const user = await userManager.getUser();
      if (!user) return null;
      // Another tab renewed while we waited for the lock: its token is ours too.
      if (user.access_token !== (await staleToken) && !expiresSoon(user)) return user.access_token;
      if (!user.refresh_token) {
        if (user.expired) {
          await userManager.removeUser();
          notify(false);
        }
        return null;
      }
      try {
        await metadata;
        const renewed = await userManager.signinSilent();
        return renewed?.access_token ?? null;
      } catch (error) {
        // The provider refused the refresh token (expired, revoked): the session is over. Anything
        // else (offline) keeps the session for the next try.
        if (error instanceof ErrorResponse) {
          await userManager.removeUser();
          notify(false);
        }
        console.error('Chairside: the access token could not be renewed.', error);
        return null;
      }
    });
  });

  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key.startsWith(USER_PREFIX)) void signedIn().then(notify);
    });
  }

  return {
    mode: 'oidc',
    userManager,
    ready,
    async getToken() {
      await ready;
      const user = await userManager.getUser();
      if (!user) return null;
      return expiresSoon(user) ? renew() : user.access_token;
    },
    async refresh() {
      await ready;
      return renew();
    },
    async signedIn() {
      await ready;
      return signedIn();
    },
    async getProfile() {
      await ready;
      const user = await userManager.getUser();
      return isSignedIn(user) ? profileFromClaims(user!.profile as Record<string, unknown>) : null;
    },
    async signIn() {
      await metadata;
      await userManager.signinRedirect({ state: { returnTo: globalThis.location?.href } });
    },
    async signOut() {
      notify(false);
      await metadata;
      try {
        await userManager.revokeTokens();
      } catch (error) {
        // Signing out must not depend on revocation: the refresh token still expires on its own.
        console.warn('Chairside: the refresh token could not be revoked at sign-out.', error);
      }
      await userManager.signoutRedirect();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
