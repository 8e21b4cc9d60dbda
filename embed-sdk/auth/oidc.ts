/**
 * Sign-in with Chairside's identity provider through oidc-client-ts: authorization code with PKCE,
 * renewed with refresh tokens (never a hidden iframe: third-party cookies are gone in most browsers,
 * and a partner's page must not host our frames). The session lives in localStorage, so every tab of
 * the site shares it; refreshes are serialised across tabs because the provider rotates refresh
 * tokens and treats a reused one as theft.
 *
 * Built on the library's protocol layer (OidcClient) rather than its UserManager: UserManager adds
 * popup and iframe sign-in, session monitoring and timed renewal, which we never use, and they cost
 * a third of this chunk. What we take from UserManager is small: where the session is stored (the
 * same key and format, so a session survives an upgrade), the redirects, and building a User.
 */
import {
  ErrorResponse,
  InMemoryWebStorage,
  OidcClient,
  User,
  WebStorageStateStore,
  type UseRefreshTokenArgs,
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
/** How long a refresh-token request may take (UserManager's default). */
const REFRESH_TIMEOUT_SECONDS = 10;

export interface OidcAuthHooks {
  /** The identity provider could not be loaded (after the spec's wait). Defaults to console.error. */
  onInitError?: (message: string) => void;
}

export interface OidcAuth extends Auth {
  readonly mode: 'oidc';
  /** The underlying protocol client, for the rare screen that needs more (e.g. the provider's metadata). */
  readonly client: OidcClient;
}

function expiresSoon(user: User): boolean {
  return user.expires_in !== undefined && user.expires_in <= EXPIRY_MARGIN_SECONDS;
}

/** The page goes to the identity provider (sign-in, sign-out) and comes back later. */
function redirect(url: string) {
  window.location.assign(url);
}

export function createOidcAuth(config: OidcAuthConfig, hooks: OidcAuthHooks = {}): OidcAuth {
  const store = globalThis.localStorage ?? new InMemoryWebStorage();
  const stateStore = new WebStorageStateStore({ prefix: STATE_PREFIX, store });
  const client = new OidcClient({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    post_logout_redirect_uri: config.redirectUri,
    scope: config.scope,
    response_type: 'code',
    stateStore,
    // Names, roles and practices are in the ID token; the userinfo round trip adds nothing.
    loadUserInfo: false,
    // The provider answers a revocation with an empty text/plain body, which oidc-client-ts refuses
    // unless told.
    revokeTokenAdditionalContentTypes: ['text/plain'],
  });

  const userStore = new WebStorageStateStore({ prefix: USER_PREFIX, store });
  const userKey = `user:${config.authority}:${config.clientId}`;
  const loadUser = async () => {
    const stored = await userStore.get(userKey);
    return stored ? User.fromStorageString(stored) : null;
  };
  const storeUser = (user: User) => userStore.set(userKey, user.toStorageString());
  const removeUser = () => userStore.remove(userKey).then(() => undefined);

  const reportInitError = hooks.onInitError ?? ((message: string) => console.error(message));
  const metadata = waitForProvider(config.authority, () => client.metadataService.getMetadata());
  metadata.catch((error: Error) => reportInitError(error.message));

  const listeners = new Set<(signedIn: boolean) => void>();
  let lastSignedIn: boolean | undefined;
  const notify = (signedIn: boolean) => {
    if (signedIn === lastSignedIn) return;
    lastSignedIn = signedIn;
    for (const listener of [...listeners]) listener(signedIn);
  };

  const isSignedIn = (user: User | null) => !!user && (!user.expired || !!user.refresh_token);
  const signedIn = async () => isSignedIn(await loadUser());

  async function completeReturningSignIn(): Promise<void> {
    const href = globalThis.location?.href;
    const state = href ? callbackState(href) : null;
    // Only a response to a sign-in this site started (we stored its state) is ours to complete.
    if (!href || !state || !(await stateStore.get(state))) return;
    try {
      await metadata;
      const user = new User(await client.processSigninResponse(href));
      await storeUser(user);
      history.replaceState(history.state, '', returnAddress(user.state, href));
      notify(true);
    } catch (error) {
      history.replaceState(history.state, '', withoutCallbackParams(href));
      console.error('Chairside: sign-in did not complete.', error);
    }
  }

  const ready = completeReturningSignIn();

  // Renewal happens on demand (getToken, a 401) under a cross-tab lock, not on a timer in every tab.
  const renew = singleFlight(() => {
    const staleToken = loadUser().then((user) => user?.access_token ?? null);
    return withCrossTabLock(`chairside-token:${config.authority}:${config.clientId}`, async () => {
      const user = await loadUser();
      if (!user) return null;
      // Another tab renewed while we waited for the lock: its token is ours too.
      if (user.access_token !== (await staleToken) && !expiresSoon(user)) return user.access_token;
      if (!user.refresh_token) {
        if (user.expired) {
          await removeUser();
          notify(false);
        }
        return null;
      }
      try {
        await metadata;
        const state: UseRefreshTokenArgs['state'] = {
          refresh_token: user.refresh_token,
          id_token: user.id_token,
          session_state: user.session_state,
          scope: user.scope,
          profile: user.profile,
          data: user.state,
        };
        const response = await client.useRefreshToken({ state, timeoutInSeconds: REFRESH_TIMEOUT_SECONDS });
        const renewed = new User({ ...state, ...response });
        await storeUser(renewed);
        return renewed.access_token;
      } catch (error) {
        // The provider refused the refresh token (expired, revoked): the session is over. Anything
        // else (offline) keeps the session for the next try.
        if (error instanceof ErrorResponse) {
          await removeUser();
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
    client,
    ready,
    async getToken() {
      await ready;
      const user = await loadUser();
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
      const user = await loadUser();
      return isSignedIn(user) ? profileFromClaims(user!.profile as Record<string, unknown>) : null;
    },
    async signIn() {
      await metadata;
      const request = await client.createSigninRequest({
        request_type: 'si:r',
        state: { returnTo: globalThis.location?.href },
      });
      redirect(request.url);
    },
    async signOut() {
      notify(false);
      await metadata;
      const user = await loadUser();
      try {
        if (user?.refresh_token) await client.revokeToken(user.refresh_token, 'refresh_token');
      } catch (error) {
        // Signing out must not depend on revocation: the refresh token still expires on its own.
        console.warn('Chairside: the refresh token could not be revoked at sign-out.', error);
      }
      await removeUser();
      const request = await client.createSignoutRequest({
        request_type: 'so:r',
        id_token_hint: user?.id_token,
      });
      redirect(request.url);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
