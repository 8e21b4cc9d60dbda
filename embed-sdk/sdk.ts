/**
 * The SDK instance: one per page. `init(options)` checks the options, fills their defaults from the
 * server's public configuration, starts auth (completing a sign-in that is coming back), and
 * resolves with `{ config, auth, api, events, on, realtime() }`. Widgets `await getSdk()`.
 *
 * Heavy parts load only when used: oidc-client-ts only in auth mode 'oidc', SignalR only when
 * something asks for `realtime()`.
 */
import { createApiClient, type ApiClient } from './api/client.js';
import type { Auth } from './auth/types.js';
import { createTokenAuth } from './auth/token.js';
import {
  needsServerConfiguration,
  parseInitOptions,
  resolveConfig,
  type ChairsideConfig,
  type InitOptions,
  type InitOptionsInput,
  type ThemeName,
} from './config.js';
import type { ServerConfiguration } from './contract/config.js';
import { createEventBus, type ChairsideEventMap, type EventBus } from './events.js';
import { connectRealtime, type CreateRealtime } from './realtimeBridge.js';
import type { Realtime } from './realtime/index.js';
import { onceUnlessFailed } from './onceUnlessFailed.js';
import { sameOptions } from './sameOptions.js';
import { withPrefetched } from './prefetch.js';
import { fetchServerConfiguration, serverNow } from './serverConfiguration.js';

export interface Sdk {
  /** The options with every default filled in. */
  readonly config: ChairsideConfig;
  /** The server's public configuration (version, live chat…); null when it was not needed or not reachable. */
  readonly server: ServerConfiguration | null;
  readonly auth: Auth;
  readonly api: ApiClient;
  readonly events: EventBus<ChairsideEventMap>;
  /** Listens to an SDK event; returns the unsubscribe. */
  readonly on: EventBus<ChairsideEventMap>['on'];
  /** The realtime hub connection, connected on first use (its code loads then). */
  realtime(): Promise<Realtime>;
  /**
   * Now, by the server's clock once its configuration has said what time it was (a sandbox's clock
   * may have been moved forward), else by the browser's. What "today" is, for dates the server checks.
   */
  now(): Date;
}

/** What createSdk reaches outside itself, replaceable in tests. */
export interface SdkEnvironment {
  fetch: typeof fetch;
  /** The page's address (sign-in returns here by default); undefined outside a browser. */
  pageHref: string | undefined;
  loadRealtime: () => Promise<{ createRealtime: CreateRealtime }>;
}

const browserEnvironment = (): SdkEnvironment => ({
  // Answers the loader already asked for (embed-sdk/prefetch.ts) are used once; the rest is fetched.
  fetch: withPrefetched((input, init) => fetch(input, init)),
  pageHref: globalThis.location?.href,
  loadRealtime: () => import('./realtime/index.js'),
});

/** Page-wide, so that an init that fails before any instance exists still reaches listeners. */
const pageEvents = createEventBus<ChairsideEventMap>();

function reportInitError(message: string) {
  console.error(message);
  pageEvents.emit('init-error', { message });
}

async function serverConfiguration(options: InitOptions, env: SdkEnvironment) {
  if (!needsServerConfiguration(options)) return null;
  try {
    return await fetchServerConfiguration(options.apiBaseUrl.replace(/\/+$/, ''), env.fetch);
  } catch (error) {
    // Not fatal: the defaults under apiBaseUrl usually hold; calls will say so if they do not.
    console.warn(`${(error as Error).message} Using the default addresses under apiBaseUrl.`);
    return null;
  }
}

async function createAuth(config: ChairsideConfig): Promise<Auth> {
  if (config.auth.mode === 'token') return createTokenAuth(config.auth.getToken);
  const { createOidcAuth } = await import('./auth/oidc.js');
  return createOidcAuth(config.auth, { onInitError: reportInitError });
}

/** Builds an instance (no page-wide singleton: that is `init`). */
export async function createSdk(
  options: InitOptions,
  env: SdkEnvironment = browserEnvironment(),
  events: EventBus<ChairsideEventMap> = pageEvents,
): Promise<Sdk> {
  const server = await serverConfiguration(options, env);
  const config = resolveConfig(options, server, env.pageHref);
  return assemble(config, server, await createAuth(config), env, events);
}

/**
 * An instance for a page nobody signs in to (a patient's link): no configuration read, no sign-in
 * library; its calls carry no token. What it needs of the server (the card provider's frame) comes
 * with the page's own answer. Not the page's `init` instance: the signed-in portal may start later.
 */
export function createSignedOutSdk(
  apiBaseUrl: string,
  theme: ThemeName,
  env: SdkEnvironment = browserEnvironment(),
  events: EventBus<ChairsideEventMap> = pageEvents,
): Promise<Sdk> {
  // An empty token is the token mode's "nobody is signed in".
  const options = parseInitOptions({ apiBaseUrl, theme, auth: { mode: 'token', getToken: () => '' } });
  const config = resolveConfig(options, null, env.pageHref);
  return assemble(
    config,
    null,
    createTokenAuth(() => ''),
    env,
    events,
  );
}

async function assemble(
  config: ChairsideConfig,
  server: ServerConfiguration | null,
  auth: Auth,
  env: SdkEnvironment,
  events: EventBus<ChairsideEventMap>,
): Promise<Sdk> {
  const api = createApiClient({ baseUrl: config.apiBaseUrl, auth, events, fetch: env.fetch });
  let lastSignedIn: boolean | undefined;
  const announceAuth = (signedIn: boolean) => {
    if (signedIn === lastSignedIn) return;
    lastSignedIn = signedIn;
    events.emit('auth', { signedIn });
  };
  auth.onChange(announceAuth);
  await auth.ready;

  const sdk: Sdk = {
    config,
    server,
    auth,
    api,
    events,
    on: events.on,
    // Connected on first use; after a failure (its chunk did not load), tried again on the next.
    realtime: onceUnlessFailed(() =>
      env
        .loadRealtime()
        .then(({ createRealtime }) =>
          connectRealtime(createRealtime, { hubUrl: config.hubUrl, auth, events }),
        ),
    ),
    now: serverNow,
  };
  events.emit('ready', {});
  announceAuth(await auth.signedIn());
  return sdk;
}

interface Waiter {
  resolve: (sdk: Sdk) => void;
  reject: (error: unknown) => void;
}

let current: { options: unknown; sdk: Promise<Sdk> } | null = null;
let waiters: Waiter[] = [];

function settleWaiters(sdk: Promise<Sdk>) {
  for (const waiter of waiters) sdk.then(waiter.resolve, waiter.reject);
  waiters = [];
}

/**
 * Sets the SDK up for this page. A second call with the same options returns the same instance;
 * with different options it warns and keeps the first. Bad options reject (and are logged, and
 * sent as `init-error`) without using up the page's one instance, so a corrected call can follow.
 */
export function init(options: InitOptionsInput): Promise<Sdk> {
  if (current) {
    if (!sameOptions(current.options, options)) {
      console.warn(
        'Chairside.init was called again with different options; the first options stay in effect.',
      );
    }
    return current.sdk;
  }
  let parsed: InitOptions;
  try {
    parsed = parseInitOptions(options);
  } catch (error) {
    reportInitError((error as Error).message);
    const failed = Promise.reject(error as Error);
    settleWaiters(failed);
    return failed;
  }
  const entry = { options, sdk: createSdk(parsed) };
  current = entry;
  entry.sdk.catch((error: unknown) => {
    if (current === entry) current = null;
    reportInitError(`Chairside.init failed: ${(error as Error).message}`);
  });
  settleWaiters(entry.sdk);
  return entry.sdk;
}

/** The page's SDK, once `init` has been called (widgets wait here). Rejects if that init fails. */
export function getSdk(): Promise<Sdk> {
  if (current) return current.sdk;
  return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
}
