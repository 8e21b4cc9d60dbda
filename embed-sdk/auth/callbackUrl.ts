/**
 * Coming back from the identity provider, the page's URL carries `code` and `state` (or `error` and
 * `state`). The host page may run its own OAuth, so only a state we stored ourselves counts as ours.
 */

/** Parameters the provider adds to the redirect URI; removed once sign-in is complete. */
const CALLBACK_PARAMS = ['code', 'state', 'session_state', 'iss', 'error', 'error_description', 'error_uri'];

/** The `state` of a sign-in response in this URL, or null when the URL is not one. */
export function callbackState(href: string): string | null {
  const params = new URL(href).searchParams;
  const state = params.get('state');
  if (!state) return null;
  return params.has('code') || params.has('error') ? state : null;
}

/** The same address without the sign-in response's parameters. */
export function withoutCallbackParams(href: string): string {
  const url = new URL(href);
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  return url.href;
}

/** Where to go after sign-in: the page that started it, if it is on this origin. */
export function returnAddress(state: unknown, callbackHref: string): string {
  const returnTo = (state as { returnTo?: unknown } | null | undefined)?.returnTo;
  if (typeof returnTo === 'string') {
    try {
      if (new URL(returnTo).origin === new URL(callbackHref).origin) return returnTo;
    } catch {
      // Not a URL: fall through to the cleaned callback address.
    }
  }
  return withoutCallbackParams(callbackHref);
}
