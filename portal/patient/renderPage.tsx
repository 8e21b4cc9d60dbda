/**
 * The patient's page rendered on the server (built into dist/ssr/patient-page.js; the server answers
 * /p/{token}, /card/{token} and /enroll/{token} with it: server/http/patientPage.ts). The page's
 * first call is made through the server's own routes (the guessed-link throttle included), and the
 * page is rendered with its answer: the practice, the greeting, the amount and the surcharge sentence
 * are in the HTML, and a patient reads them before any script runs. The status code says what the
 * link is: open (200), used, paid, cancelled or expired (410), unknown (404), guessed too often (429).
 *
 * The browser then adopts an open link's HTML as it is (hydration, main.tsx), so the tree is
 * PatientApp's, the same on both sides; it renders a closed link's page again (its dates in the
 * patient's zone), and leaves a link that could not be opened as it is, without a script.
 */
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createDOMRenderer, renderToStyleElements } from '@griffel/react';
import type { Envelope } from '../../embed-sdk/contract/endpoint.js';
import type { PatientPageRenderer, PatientPageView } from '../../embed-sdk/contract/patientPageView.js';
import type { CardEntry } from '../../embed-sdk/contract/savedCard.js';
import { createSignedOutSdk } from '../../embed-sdk/sdk.js';
import { createEventBus, type ChairsideEventMap } from '../../embed-sdk/events.js';
import { themeDeclarations } from '../../widgets/runtime/theme.js';
import type { FirstAnswer } from '../components/publicLink/PublicLinkPage.js';
import { firstCallUrl } from '../public/earlyStart.js';
import { matchPublicRoute, PUBLIC_ROUTES } from '../routing/publicRoutes.js';
import { PatientApp } from './PatientApp.js';

// Every page's code, loaded with the renderer: a rebuild under a running server replaces the build's
// chunks, and a page loaded on demand afterwards would no longer find its own.
await Promise.all(PUBLIC_ROUTES.map((route) => route.load()));

/** The theme the server renders in: it cannot read the device's choice (kept in its storage). */
const RENDERED = 'light' as const;

/** Answers that mean the link is not (or no longer) one the patient can open. */
const statusOfFailure = (status: number) => (status === 429 ? 429 : status >= 500 ? 503 : 404);

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' && body !== null && 'isSuccess' in body;

/**
 * Fluent writes the theme's variables for its provider's class; the dark theme's go beside them,
 * chosen by the document's data-theme (index.html's first script sets it from the device), so the
 * HTML shows the device's theme before the browser's React takes over and writes its own.
 */
function darkThemeCss(html: string): string {
  const provider = /<style id="(fui-FluentProvider[^"]+)"/.exec(html)?.[1];
  return provider ? `<style>html[data-theme='dark'] .${provider}{${themeDeclarations('dark')}}</style>` : '';
}

/** The link's card provider, when its page takes a card now. */
function cardEntryOf(value: unknown): CardEntry | null {
  const page = value as { status?: unknown; cardEntry?: CardEntry } | null;
  return page?.status === 'OPEN' && page.cardEntry?.scriptUrl ? page.cardEntry : null;
}

export const renderPatientPage: PatientPageRenderer['renderPatientPage'] = async (request) => {
  const match = matchPublicRoute(request.path);
  const token = match?.params.token;
  const url = match && token ? firstCallUrl(match, request.apiBaseUrl) : null;
  if (!match || !token || !url) return null;

  const [response, { default: Page }, sdk] = await Promise.all([
    request.fetch(url),
    match.route.load(),
    createSignedOutSdk(
      request.apiBaseUrl,
      RENDERED,
      {
        fetch: request.fetch,
        pageHref: undefined,
        loadRealtime: () => Promise.reject(new Error('A server render has no realtime connection.')),
      },
      createEventBus<ChairsideEventMap>(),
    ),
  ]);
  const body: unknown = await response.json().catch(() => null);
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter) headers['retry-after'] = retryAfter;

  const ok = response.status === 200 && isEnvelope(body) && body.isSuccess;
  const value = ok ? body.value : undefined;
  const open = ok && (value as { status?: unknown } | null)?.status === 'OPEN';
  const answer: FirstAnswer = ok ? { data: value } : { error: body ?? response.status };

  const renderer = createDOMRenderer(null as unknown as undefined);
  let title = 'Chairside';
  const html = renderToString(
    <PatientApp
      renderer={renderer}
      sdk={sdk}
      Page={Page}
      token={token}
      path={request.path}
      answer={answer}
      rendered={RENDERED}
      onTitle={(t) => (title = t)}
    />,
  );
  const view: PatientPageView = {
    status: !ok ? statusOfFailure(response.status) : open ? 200 : 410,
    headers,
    title,
    head: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) + darkThemeCss(html),
    body: html,
    // A link that could not be opened is final: the page needs no script. A server failure is not:
    // the browser's page asks again.
    next: ok
      ? { mode: open ? 'hydrate' : 'render', answer: value, theme: RENDERED }
      : response.status >= 500
        ? { mode: 'render', theme: RENDERED }
        : null,
  };
  const card = cardEntryOf(value);
  if (card) view.cardScriptUrl = card.scriptUrl;
  return view;
};
