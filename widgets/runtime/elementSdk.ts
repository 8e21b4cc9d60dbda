/**
 * How a widget element finds the SDK: the options given to the loader (`Chairside.init` or the
 * script tag's data attributes) initialise the page's one SDK. If no options have arrived a moment
 * after the element mounted, the element says so (and still picks them up if they come later).
 */
import { getSdk, init, type Sdk } from '../../embed-sdk/index.js';

export const NOT_INITIALISED_AFTER_MS = 3000;

export class NotInitialisedError extends Error {
  constructor() {
    super(
      'Chairside is not initialised. Add data-api and data-client-id to the embed.js script tag, or call Chairside.init({ apiBaseUrl, auth }) on this page.',
    );
    this.name = 'NotInitialisedError';
  }
}

interface LoaderGlobal {
  options?: unknown;
}

function loaderOptions(): unknown {
  const global = (globalThis as { Chairside?: LoaderGlobal }).Chairside;
  return global && 'options' in global ? (global.options ?? null) : null;
}

let pending: Promise<Sdk> | null = null;

/**
 * Resolves the page's SDK. `onWaiting` is called once if no options arrived within
 * NOT_INITIALISED_AFTER_MS, so the element can explain itself while it keeps waiting.
 */
export function elementSdk(onWaiting: (error: NotInitialisedError) => void): Promise<Sdk> {
  if (pending) return pending;
  const options = loaderOptions();
  if (options) {
    pending = init(options as never);
    pending.catch(() => (pending = null));
    return pending;
  }
  // Perhaps the page calls init itself, later, or initialises the SDK module directly.
  const timer = setTimeout(() => onWaiting(new NotInitialisedError()), NOT_INITIALISED_AFTER_MS);
  return new Promise<Sdk>((resolve, reject) => {
    const poll = setInterval(() => {
      const late = loaderOptions();
      if (!late) return;
      clearInterval(poll);
      clearTimeout(timer);
      elementSdk(onWaiting).then(resolve, reject);
    }, 100);
    getSdk().then(
      (sdk) => {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(sdk);
      },
      () => undefined,
    );
  });
}
