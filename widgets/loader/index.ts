/**
 * /embed.js: the one script tag a partner pastes.
 *
 *   <script src="https://…/embed.js" data-api="https://…" data-client-id="…" async></script>
 *
 * It is small on purpose: it defines every <chairside-*> tag at once, knowing of each only where its
 * code is and what to ask the server for early, and fetches an element's code (with React, Fluent
 * and the SDK, shared by all widgets, and the widget's attributes) only when that element first
 * appears. `Chairside.init({...})` and `Chairside.on(...)` calls made before it loaded (on a stub
 * `window.Chairside = { q: [] }`) are replayed in order. A second copy of the script does nothing.
 */
import { readAttributes, registerWidgetElement, type WidgetImplementation } from '../runtime/element.js';
import { FIRST_VIEW_PATH } from '../../embed-sdk/contract/widget.js';
import { prefetch, prefetchUrl } from '../../embed-sdk/prefetch.js';
import { chunkFiles, type ChunkManifest } from './chunkManifest.js';
import type { EarlyRequests } from './earlyRequests.js';
import { needsServerConfiguration, optionsFromDataset, sameOptions, type LoaderOptions } from './options.js';

declare const __CHAIRSIDE_VERSION__: string;
/** Tag → widget chunk file, relative to embed.js, and `sdk` → the SDK's (written by the build). */
declare const __CHAIRSIDE_WIDGETS__: Record<string, string>;
/** Tag → the chunks its chunk imports (statically, at any depth), compactly (chunkManifest.ts). */
declare const __CHAIRSIDE_WIDGET_DEPS__: ChunkManifest;
/** Tag → the requests started before its code arrives, for the widgets that have any. */
declare const __CHAIRSIDE_EARLY_REQUESTS__: Record<string, EarlyRequests>;
// Referenced once each: a `define` is inlined wherever it is used.
const WIDGET_FILES = __CHAIRSIDE_WIDGETS__;
const WIDGET_DEPS = __CHAIRSIDE_WIDGET_DEPS__;
const EARLY_REQUESTS = __CHAIRSIDE_EARLY_REQUESTS__;
const SDK = 'sdk';
/** Every <chairside-*> tag: the widget chunks' keys. */
const TAGS = Object.keys(WIDGET_FILES).filter((key) => key !== SDK);

type QueuedCall = [method: string, ...args: unknown[]];

export interface ChairsideGlobal {
  version: string;
  init(options: LoaderOptions): ChairsideGlobal;
  /** Listens to an SDK event (the same as listening to `chairside:<name>` on document). */
  on(name: string, listener: (detail: unknown) => void): () => void;
  /** The options given to init, or null. */
  readonly options: LoaderOptions | null;
  /** Where the widget chunks are served from. */
  readonly baseUrl: string;
  /**
   * The SDK itself (API client, auth, events, realtime), for pages that call Chairside directly.
   * Its code loads on the first call; it is the same instance the widgets use.
   */
  sdk(): Promise<unknown>;
}

declare global {
  interface Window {
    Chairside?: ChairsideGlobal | { q?: QueuedCall[] };
  }
}

(function load() {
  const existing = window.Chairside as (ChairsideGlobal & { q?: QueuedCall[] }) | undefined;
  if (existing && 'version' in existing && typeof existing.init === 'function') return;

  const script = document.currentScript as HTMLScriptElement | null;
  const baseUrl = new URL('.', script?.src || location.href).href;
  let options: LoaderOptions | null = null;
  let completingSignIn = false;

  const chairside: ChairsideGlobal = {
    version: __CHAIRSIDE_VERSION__,
    baseUrl,
    get options() {
      return options;
    },
    init(next) {
      if (options) {
        if (!sameOptions(options, next)) {
          console.warn(
            'Chairside.init was called again with different options; the first options stay in effect.',
          );
        }
        return chairside;
      }
      options = next;
      // Back from the sign-in page: finish signing in now, before any widget asks for a token.
      if (!completingSignIn && /[?&]code=/.test(location.search) && /[?&]state=/.test(location.search)) {
        completingSignIn = true;
        void chairside.sdk().catch(() => undefined);
      }
      return chairside;
    },
    sdk() {
      const file = WIDGET_FILES[SDK] ?? 'widgets/sdk.js';
      return import(/* @vite-ignore */ new URL(file, baseUrl).href).then(
        (module: { default: () => Promise<unknown> }) => module.default(),
      );
    },
    on(name, listener) {
      const handler = (event: Event) => listener((event as CustomEvent).detail);
      document.addEventListener(`chairside:${name}`, handler);
      return () => document.removeEventListener(`chairside:${name}`, handler);
    },
  };
  window.Chairside = chairside;

  for (const call of existing?.q ?? []) {
    const [method, ...args] = call;
    if (method === 'init' || method === 'on') (chairside[method] as (...a: unknown[]) => unknown)(...args);
    else console.error(`Chairside: unknown queued call "${method}".`);
  }
  if (!options && script?.dataset.api) chairside.init(optionsFromDataset(script.dataset));

  // The browser would discover a widget chunk's imports only after downloading and parsing it: ask
  // for all of them at once instead (one round trip, not two or three).
  const preloaded = new Set<string>();
  function preloadChunks(tag: string) {
    for (const name of chunkFiles(WIDGET_DEPS, tag)) {
      const file = `widgets/chunks/${name}`;
      if (preloaded.has(file)) continue;
      preloaded.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = new URL(file, baseUrl).href;
      document.head.appendChild(link);
    }
  }

  // The code (and the widget's first data, below) are asked for once a first view, if there is one,
  // has been presented: before, they would compete with it for the server and the CPU.
  function importWidget(tag: string, ready: Promise<void>): Promise<WidgetImplementation> {
    void ready.then(() => preloadChunks(tag));
    return ready
      .then(() => import(/* @vite-ignore */ new URL(WIDGET_FILES[tag]!, baseUrl).href))
      .then((module: { default: WidgetImplementation }) => module.default);
  }

  /**
   * The host's access token, when the SDK will run on one (auth mode 'token'): the token itself when
   * getToken returns it at once (its request can then go out in this task), else a promise of it or
   * of null. null with OpenID Connect: there the token is the SDK's business. A failing getToken is
   * the SDK's to report.
   */
  function hostToken(): string | Promise<string | null> | null {
    const auth = options?.auth;
    if (auth?.mode !== 'token' || typeof auth.getToken !== 'function') return null;
    const getToken = auth.getToken as (o: { forceRefresh: boolean }) => unknown;
    let token: unknown;
    try {
      token = getToken({ forceRefresh: false });
    } catch {
      return Promise.resolve(null);
    }
    if (typeof token === 'string' && token) return token;
    return Promise.resolve(token).then(
      (value) => (typeof value === 'string' && value ? value : null),
      () => null,
    );
  }

  // A widget's first data is asked for now, while its code downloads (embed-sdk/prefetch.ts).
  let configurationAsked = false;
  function startEarlyRequests(tag: string, host: Element) {
    const api = options?.apiBaseUrl;
    if (!options || typeof api !== 'string' || !api) return;
    if (!configurationAsked && needsServerConfiguration(options)) {
      configurationAsked = true;
      prefetch(`${api.replace(/\/+$/, '')}/api/configuration`, null);
    }
    const urls = (EARLY_REQUESTS[tag]?.prefetch ?? [])
      .map((rule) => {
        const names = [...Object.values(rule.query ?? {}), ...(rule.requires ?? [])];
        return prefetchUrl(api, rule, readAttributes(host, names));
      })
      .filter((url): url is string => url !== null);
    const token = urls.length > 0 ? hostToken() : null;
    if (token)
      void Promise.resolve(token).then((value) => {
        if (value) for (const url of urls) prefetch(url, value);
      });
  }

  // With a host's token, a widget that has a server-rendered first view asks for it before anything
  // else (widgets/runtime/firstView.ts): it shows while the code downloads. Requests on their way,
  // by URL: the elements already in the page ask before they are defined (below), and find theirs
  // here once they are.
  const firstViews = new Map<string, Promise<string | null>>();
  function firstView(tag: string, host: Element) {
    const api = options?.apiBaseUrl;
    const rule = EARLY_REQUESTS[tag]?.firstView;
    if (!rule || typeof api !== 'string' || !api) return null;
    // Every attribute by its own name, the SDK's theme unless the element has one, and the tag.
    const attributes = readAttributes(host, rule.attributes);
    const values = { ...attributes, theme: attributes.theme ?? (options?.theme as string | undefined), tag };
    const query = Object.fromEntries(Object.keys(values).map((name) => [name, name]));
    const url = prefetchUrl(api, { path: FIRST_VIEW_PATH, query, requires: rule.requires }, values);
    if (!url) return null;
    const started = firstViews.get(url);
    if (started) return started;
    const token = hostToken();
    if (!token) return null;
    const ask = (value: string | null) =>
      value
        ? // The token form-encoded (RFC 6750 §2.2): a request without a CORS preflight; with
          // credentials, as embed.js was fetched, so it reuses that connection. A string body with
          // its type given costs the page about half of what a URLSearchParams body does.
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `access_token=${encodeURIComponent(value)}`,
            credentials: 'include',
          }).then((res) => (res.ok ? res.text() : null))
        : null;
    // A token given at once is sent at once: the elements are defined after this, and that takes
    // milliseconds the request need not wait for.
    const view = (
      typeof token === 'string'
        ? new Promise<string | null>((resolve) => resolve(ask(token)))
        : token.then(ask)
    ).finally(() => firstViews.delete(url));
    firstViews.set(url, view);
    return view;
  }

  // Defining the elements (and upgrading those in the page) takes a few milliseconds: the first
  // views of the elements already there are asked for first.
  for (const tag of TAGS) {
    if (!EARLY_REQUESTS[tag]?.firstView) continue;
    for (const element of document.querySelectorAll(tag))
      void firstView(tag, element)?.catch(() => undefined);
  }

  for (const tag of TAGS) {
    registerWidgetElement(
      tag,
      (host, ready) => {
        void ready.then(() => startEarlyRequests(tag, host));
        return importWidget(tag, ready);
      },
      (host) => firstView(tag, host),
    );
  }
})();
