/**
 * The card provider's collect script, as our code sees it: `new TokenizeJs(businessId, appId)` with
 * mount, unmount, getNonce and events. The script comes from the provider's origin (its location is
 * configuration: `sdk.config.cardProviderScriptUrl`) and is loaded once per page: one promise, never
 * a second script tag, and a failed load is forgotten so that the next attempt tries again.
 */

export type CardEntryEventName = 'ready' | 'nonce' | 'error' | 'iframe_height_change';

export interface CardEntryEventData {
  ready: Record<string, never>;
  nonce: { nonce: string };
  /** The first problem in words; `fields` names each field's problem when the frame knows it. */
  error: { error: string; fields?: { field: string; problem: string; message: string }[] };
  iframe_height_change: { height: number };
}

export interface CardEntryMountOptions {
  iFrame?: {
    width?: string | number;
    height?: string | number;
    border?: string;
    borderRadius?: string | number;
  };
  /** CSS values the frame adopts for its fields (it keeps only what it accepts). */
  style?: Record<string, string>;
  /** Show the frame's ZIP code field. */
  displayZip?: boolean;
  locale?: string;
  /** The frame's accessible name. */
  title?: string;
}

export interface CardEntry {
  /** Mounts the frame into the element with this id in `root` (a document or a shadow root). */
  mount(elementId: string, root: Document | ShadowRoot, options?: CardEntryMountOptions): void;
  unmount(): void;
  /** Asks the frame to submit its fields; the answer is a `nonce` or an `error` event. */
  getNonce(payload?: { zip?: string }): void;
  on<K extends CardEntryEventName>(
    event: K,
    handler: (event: { type: K; data: CardEntryEventData[K] }) => void,
  ): (() => void) | void;
}

export type TokenizeJs = new (businessId: string, applicationId: string) => CardEntry;

declare global {
  interface Window {
    TokenizeJs?: TokenizeJs;
  }
}

const loads = new Map<string, Promise<TokenizeJs>>();

/** The provider's `TokenizeJs`, loading its script from `scriptUrl` unless the page already has it. */
export function loadCardProvider(scriptUrl: string): Promise<TokenizeJs> {
  if (typeof window.TokenizeJs === 'function') return Promise.resolve(window.TokenizeJs);
  let loading = loads.get(scriptUrl);
  if (loading) return loading;
  loading = new Promise<TokenizeJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      if (typeof window.TokenizeJs === 'function') resolve(window.TokenizeJs);
      else reject(new Error(`${scriptUrl} loaded, but it defined no TokenizeJs.`));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`The card-entry script did not load from ${scriptUrl}.`));
    };
    document.head.append(script);
  });
  loads.set(scriptUrl, loading);
  loading.catch(() => loads.delete(scriptUrl));
  return loading;
}
