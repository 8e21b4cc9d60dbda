/**
 * @chairside/embed: the SDK's public face for a partner's bundle. It holds only a loader: `init`
 * adds the sandbox's /embed.js (as the script tag does) and hands it the options, so the widgets,
 * React, Fluent and the SDK's code load from the sandbox's origin when an element first appears.
 * It is built into dist/packages/embed by scripts/build.ts, beside the element types and
 * custom-elements.json generated from the widget definitions (./chairside-elements.js).
 */
import type { ChairsideWidgetEventMap } from './chairside-elements.js';

export type * from './chairside-elements.js';

export type ThemeName = 'light' | 'dark';

/** The host page's token callback (auth mode 'token'). `forceRefresh` is true after a 401. */
export type GetToken = (options: { forceRefresh: boolean }) => string | Promise<string>;

/** The options of `init`, as the SDK checks them (it reports what is wrong on the console). */
export interface InitOptions {
  /** The sandbox's origin: the API and, unless `embedUrl` says otherwise, embed.js. */
  apiBaseUrl: string;
  auth:
    | { mode: 'oidc'; clientId: string; authority?: string; redirectUri?: string; scope?: string }
    | { mode: 'token'; getToken: GetToken };
  hubUrl?: string;
  theme?: ThemeName;
  /** Where embed.js is served; `${apiBaseUrl}/embed.js` by default. */
  embedUrl?: string;
}

export interface UserProfile {
  sub: string | null;
  name: string | null;
  email: string | null;
  isAdmin: boolean;
  practices: { id: number; roles: string[] }[];
}

/** The part of the SDK a host page uses directly: signing in and out, the profile. */
export interface ChairsideSdk {
  readonly auth: {
    readonly mode: 'oidc' | 'token';
    signedIn(): Promise<boolean>;
    getProfile(): Promise<UserProfile | null>;
    signIn(): Promise<void>;
    signOut(): Promise<void>;
    onChange(listener: (signedIn: boolean) => void): () => void;
  };
}

/** The page's global that embed.js defines (or the stub that queues calls until it has loaded). */
interface ChairsideGlobal {
  version?: string;
  q?: unknown[][];
  init?(options: Record<string, unknown>): unknown;
  sdk?(): Promise<unknown>;
}

declare global {
  interface Window {
    Chairside?: ChairsideGlobal;
  }
}

let loaded: Promise<ChairsideGlobal> | null = null;

function loaderUrl(options: InitOptions): string {
  return options.embedUrl ?? `${options.apiBaseUrl.replace(/\/+$/, '')}/embed.js`;
}

/**
 * Loads embed.js from the sandbox (once) and initialises it. Calls made before it has loaded are
 * queued, as the script tag's stub does. On the server (no document) it does nothing.
 */
export function init(options: InitOptions): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const { embedUrl: _embedUrl, ...sdkOptions } = options;
  const current = window.Chairside;
  if (current?.init) current.init({ ...sdkOptions });
  else window.Chairside = { ...current, q: [...(current?.q ?? []), ['init', { ...sdkOptions }]] };
  loaded ??= new Promise<ChairsideGlobal>((resolve, reject) => {
    if (window.Chairside?.version) {
      resolve(window.Chairside);
      return;
    }
    const script = document.createElement('script');
    script.src = loaderUrl(options);
    script.async = true;
    script.addEventListener('load', () => resolve(window.Chairside!));
    script.addEventListener('error', () => {
      loaded = null;
      reject(new Error(`Chairside: ${script.src} could not be loaded.`));
    });
    document.head.appendChild(script);
  });
  return loaded.then(() => undefined);
}

/** The SDK itself, the same instance the widgets use (its code loads on the first call). */
export async function getSdk(): Promise<ChairsideSdk> {
  if (!loaded) throw new Error('Chairside: call init() before getSdk().');
  const chairside = await loaded;
  return (await chairside.sdk!()) as ChairsideSdk;
}

/** Listens to an element's event anywhere on the page (the events bubble out of the shadow root). */
export function onWidgetEvent<K extends keyof ChairsideWidgetEventMap>(
  name: K,
  listener: (event: ChairsideWidgetEventMap[K]) => void,
): () => void {
  const handler = (event: Event) => listener(event as ChairsideWidgetEventMap[K]);
  document.addEventListener(name, handler);
  return () => document.removeEventListener(name, handler);
}
