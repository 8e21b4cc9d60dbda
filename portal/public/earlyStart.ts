/**
 * What a public page needs first, started the moment the address is known (before React or the
 * page's code has loaded):
 * - its first GET, which the SDK's fetch then picks up when the page asks for the same URL
 *   (embed-sdk/prefetch.ts, as the widgets' loader does);
 * - the page's own chunk;
 * - as soon as that answer says the link takes a card, the card provider's script, which the page's
 *   card-entry frame would otherwise ask for only once it has rendered (cardProvider.ts loads it
 *   once per page, so the frame then finds it loading or loaded).
 */
import { buildUrl } from '../../embed-sdk/api/url.js';
import type { CardEntry } from '../../embed-sdk/contract/savedCard.js';
import { prefetch } from '../../embed-sdk/prefetch.js';
import { loadCardProvider } from '../../widgets/ui/card-entry/cardProvider.js';
import type { PublicMatch } from '../routing/publicRoutes.js';

/** The first call's URL for this match, or null when the page makes none before it renders. */
export function firstCallUrl(match: PublicMatch, apiBaseUrl: string): string | null {
  const call = match.route.firstCall?.(match.params);
  return call ? buildUrl(apiBaseUrl.replace(/\/+$/, ''), call.endpoint.path, call.query) : null;
}

/** The provider's script of a link that still takes a card (every link page's answer carries it then). */
export function cardScriptOf(envelope: unknown): string | null {
  const value = (envelope as { value?: { status?: unknown; cardEntry?: Partial<CardEntry> } } | null)?.value;
  const scriptUrl = value?.status === 'OPEN' ? value.cardEntry?.scriptUrl : undefined;
  return typeof scriptUrl === 'string' && scriptUrl !== '' ? scriptUrl : null;
}

export interface EarlyStartEnvironment {
  fetch: typeof fetch;
  loadCardProvider: (scriptUrl: string) => Promise<unknown>;
}

const browser = (): EarlyStartEnvironment => ({
  fetch: (input, init) => fetch(input, init),
  loadCardProvider,
});

export function startEarly(
  match: PublicMatch,
  apiBaseUrl: string,
  env: EarlyStartEnvironment = browser(),
): void {
  const url = firstCallUrl(match, apiBaseUrl);
  if (url) {
    // Without a token: the page's calls carry none either (a patient is not signed in).
    prefetch(url, null, async (input, init) => {
      const response = await env.fetch(input, init);
      // A copy of the body: the page reads the answer itself.
      response
        .clone()
        .json()
        .then((envelope: unknown) => {
          const scriptUrl = cardScriptOf(envelope);
          // A script that fails here is the frame's to report when it asks again.
          if (scriptUrl) env.loadCardProvider(scriptUrl).catch(() => undefined);
        })
        .catch(() => undefined);
      return response;
    });
  }
  // The router loads it again when it renders the route; the module is fetched once. A failure is
  // the router's to show (the screen's boundary), not an unhandled rejection here.
  match.route.load().catch(() => undefined);
}
