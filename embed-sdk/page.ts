/**
 * The page's SDK as the loader sets it up: the options given to `Chairside.init` (or the script
 * tag's data attributes) initialise it on first use. Widgets and `Chairside.sdk()` both come here.
 */
import { getSdk, init, type Sdk } from './sdk.js';

export class NotInitialisedError extends Error {
  constructor() {
    super(
      'Chairside is not initialised. Add data-api and data-client-id to the embed.js script tag, or call Chairside.init({ apiBaseUrl, auth }) on this page.',
    );
    this.name = 'NotInitialisedError';
  }
}

/** How long a widget waits for init options before it explains that none came. */
export const NOT_INITIALISED_AFTER_MS = 3000;

function loaderOptions(): unknown {
  const global = (globalThis as { Chairside?: { options?: unknown } }).Chairside;
  return global && 'options' in global ? (global.options ?? null) : null;
}

let pending: Promise<Sdk> | null = null;

/**
 * Resolves the page's SDK. `onWaiting` is called once if no options arrived within
 * NOT_INITIALISED_AFTER_MS, so an element can explain itself while it keeps waiting.
 */
export function pageSdk(onWaiting?: (error: NotInitialisedError) => void): Promise<Sdk> {
  if (pending) return pending;
  const options = loaderOptions();
  if (options) {
    pending = init(options as never);
    pending.catch(() => (pending = null));
    return pending;
  }
  // The page may call init later, or initialise the SDK module itself.
  const timer = onWaiting
    ? setTimeout(() => onWaiting(new NotInitialisedError()), NOT_INITIALISED_AFTER_MS)
    : null;
  return new Promise<Sdk>((resolve, reject) => {
    const stop = () => {
      clearInterval(poll);
      if (timer) clearTimeout(timer);
    };
    const poll = setInterval(() => {
      if (!loaderOptions()) return;
      stop();
      pageSdk(onWaiting).then(resolve, reject);
    }, 100);
    getSdk().then(
      (sdk) => {
        stop();
        resolve(sdk);
      },
      () => undefined,
    );
  });
}
