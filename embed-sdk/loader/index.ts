/**
 * /embed.js: the one script tag a partner pastes.
 *
 *   <script src="https://…/embed.js" data-api="https://…" data-client-id="…" async></script>
 *
 * It is small on purpose: it defines every <chairside-*> tag at once, and fetches an element's
 * code (with React, Fluent and the SDK, shared by all widgets) only when that element first
 * appears. `Chairside.init({...})` and `Chairside.on(...)` calls made before it loaded (on a stub
 * `window.Chairside = { q: [] }`) are replayed in order. A second copy of the script does nothing.
 */
import { widgetDefinitions, widgetFolder } from '../../widgets/definitions.js';
import { registerWidgetElement, type WidgetImplementation } from '../../widgets/runtime/element.js';
import { optionsFromDataset, sameOptions, type LoaderOptions } from './options.js';

declare const __CHAIRSIDE_VERSION__: string;
/** Tag → widget chunk file, relative to embed.js (written by the build). */
declare const __CHAIRSIDE_WIDGETS__: Record<string, string>;

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
      const file = __CHAIRSIDE_WIDGETS__['sdk'] ?? 'widgets/sdk.js';
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

  function importWidget(tag: string): Promise<WidgetImplementation> {
    const file = __CHAIRSIDE_WIDGETS__[tag] ?? `widgets/${widgetFolder(tag)}.js`;
    return import(/* @vite-ignore */ new URL(file, baseUrl).href).then(
      (module: { default: WidgetImplementation }) => module.default,
    );
  }

  for (const definition of widgetDefinitions) {
    registerWidgetElement(definition, () => importWidget(definition.tag));
  }
})();
