/**
 * The patient's own entry (issue 39): what a link in a text or an e-mail opens at /p/{token},
 * /card/{token} or /enroll/{token}, built apart from the portal (scripts/build.ts). It starts the
 * page's first request and its code at once (earlyStart.ts), then renders the one page in the blank
 * frame with a signed-out SDK, the banners and the loading overlay: no router, no portal shell, no
 * session, no identity provider, no hub. Lint (eslint.config.js) and the build
 * (scripts/patientEntry.ts) keep staff code out of it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSignedOutSdk } from '../../embed-sdk/sdk.js';
import { SdkContext } from '../../widgets/runtime/SdkContext.js';
import { startEarly } from '../public/earlyStart.js';
import { matchPublicRoute } from '../routing/publicRoutes.js';
import { PortalBanners } from '../shell/banners/PortalBanners.js';
import { BlankFrame } from '../shell/BlankFrame.js';
import { LoadingOverlay } from '../shell/LoadingOverlay.js';
import { ThemeProvider } from '../theme/ThemeContext.js';
import { readTheme } from '../theme/themeStorage.js';

const container = document.getElementById('root')!;
const match = matchPublicRoute(window.location.pathname);

async function boot(): Promise<void> {
  if (!match?.params.token) {
    // Not a link's address (the server routes only those here): the portal knows the rest.
    window.location.replace('/');
    return;
  }
  startEarly(match, window.location.origin);
  const [{ default: Page }, sdk] = await Promise.all([
    match.route.load(),
    createSignedOutSdk(window.location.origin, readTheme()),
  ]);
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider>
        <SdkContext.Provider value={sdk}>
          <BlankFrame boundaryKey={window.location.pathname}>
            <Page token={match.params.token} />
          </BlankFrame>
          <PortalBanners sdk={sdk} />
          <LoadingOverlay sdk={sdk} />
        </SdkContext.Provider>
      </ThemeProvider>
    </StrictMode>,
  );
}

boot().catch((error: unknown) => {
  console.error('Chairside: the page could not load.', error);
  container.textContent = 'Chairside could not load. Check the connection and reload the page.';
});
