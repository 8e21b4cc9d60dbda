/**
 * The portal's entry, kept small: it decides from the address which app to boot. A public page's
 * address (a patient's link, publicRoutes.ts) starts the page's first request at once and boots the
 * public app; every other address (and a sign-in coming back from the identity provider) boots the
 * signed-in portal, which shows the public pages too, for a link opened inside it.
 */
import { callbackState } from '../embed-sdk/auth/callbackUrl.js';
import { startEarly } from './public/earlyStart.js';
import { matchPublicRoute } from './routing/publicRoutes.js';

const container = document.getElementById('root')!;
const publicPage = callbackState(window.location.href) ? null : matchPublicRoute(window.location.hash);
if (publicPage) startEarly(publicPage, window.location.origin);

// Two statements, not one expression: the build then preloads each app's own chunks, not both apps'.
async function boot(): Promise<void> {
  if (publicPage) {
    const { startPublicApp } = await import('./public/PublicApp.js');
    await startPublicApp(container);
  } else {
    const { startPortalApp } = await import('./startPortalApp.js');
    startPortalApp(container);
  }
}

boot().catch((error: unknown) => {
  console.error('Chairside: the page could not load.', error);
  container.textContent = 'Chairside could not load. Check the connection and reload the page.';
});
