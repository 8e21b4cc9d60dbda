/**
 * The patient's own entry (issue 39): what a link in a text or an e-mail opens at /p/{token},
 * /card/{token} or /enroll/{token}, built apart from the portal (scripts/build.ts). No router, no
 * portal shell, no session, no identity provider, no hub: lint (eslint.config.js) and the build
 * (scripts/patientEntry.ts) keep staff code out of it.
 *
 * The server has rendered the page into the HTML already (renderPage.tsx) and says here what to do
 * with it (PatientPageNext, in #chairside-page): adopt an open link's page as it is (hydration: the
 * card frame its HTML started stays, cardFrameStart.ts), or render a closed link's page again from the
 * server's answer. Without the server's view (its renderer not built), the page starts its first
 * request and its code at once (earlyStart.ts) and renders itself.
 */
import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createDOMRenderer } from '@griffel/react';
import type { PatientPageNext } from '../../embed-sdk/contract/patientPageView.js';
import { createSignedOutSdk } from '../../embed-sdk/sdk.js';
import { startEarly } from '../public/earlyStart.js';
import { matchPublicRoute } from '../routing/publicRoutes.js';
import { readTheme } from '../theme/themeStorage.js';
import { PatientApp, type PatientAppProps } from './PatientApp.js';

const container = document.getElementById('root')!;
const match = matchPublicRoute(window.location.pathname);

function serverView(): PatientPageNext | null {
  const element = document.getElementById('chairside-page');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PatientPageNext;
  } catch {
    return null;
  }
}

async function boot(): Promise<void> {
  const token = match?.params.token;
  if (!match || !token) {
    // Not a link's address (the server routes only those here): the portal knows the rest.
    window.location.replace('/');
    return;
  }
  const next = serverView();
  if (!next) startEarly(match, window.location.origin);
  const [{ default: Page }, sdk] = await Promise.all([
    match.route.load() as Promise<{ default: ComponentType<{ token: string }> }>,
    createSignedOutSdk(window.location.origin, next?.mode === 'hydrate' ? next.theme : readTheme()),
  ]);
  const props: PatientAppProps = {
    renderer: createDOMRenderer(document),
    sdk,
    Page,
    token,
    path: window.location.pathname,
    ...(next && 'answer' in next ? { answer: { data: next.answer } } : {}),
  };
  // In a transition, React adopts (or renders) the page in slices of a few milliseconds, giving the
  // browser back the main thread between them: a phone answers a tap or paints the card frame
  // meanwhile, rather than waiting for one long task. The HTML shows the page all along.
  startTransition(() => {
    if (next?.mode === 'hydrate') {
      hydrateRoot(container, <PatientApp {...props} rendered={next.theme} />);
    } else {
      createRoot(container).render(<PatientApp {...props} />);
    }
  });
}

boot().catch((error: unknown) => {
  console.error('Chairside: the page could not load.', error);
  container.textContent = 'Chairside could not load. Check the connection and reload the page.';
});
