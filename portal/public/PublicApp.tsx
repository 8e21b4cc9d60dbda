/**
 * The public app: what a patient's link boots (main.tsx), instead of the signed-in portal. The same
 * theme, blank shell, banners and pages as the portal's public routes (one table, publicRoutes.ts),
 * with an SDK that reads no configuration and signs nobody in: no sidebar, top bar, session,
 * identity provider or hub. Leaving the public pages (the logo's link to the dashboard) loads the
 * signed-in portal at that address.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, Outlet, RouterProvider } from 'react-router-dom';
import { createSignedOutSdk } from '../../embed-sdk/sdk.js';
import type { Sdk } from '../../embed-sdk/index.js';
import { SdkContext } from '../../widgets/runtime/SdkContext.js';
import { RouteErrorPage } from '../pages/OopsPage.js';
import { publicRouteObjects } from '../routing/publicRouteObjects.js';
import { PortalBanners } from '../shell/banners/PortalBanners.js';
import { BlankLayout } from '../shell/BlankLayout.js';
import { FullPageLoading } from '../shell/FullPageState.js';
import { LoadingOverlay } from '../shell/LoadingOverlay.js';
import { ThemeProvider } from '../theme/ThemeContext.js';
import { readTheme } from '../theme/themeStorage.js';

/** Any other address is the signed-in portal's: the page loads again and main.tsx boots it. */
function ToSignedInPortal() {
  useEffect(() => window.location.reload(), []);
  return <FullPageLoading label="Starting Chairside…" />;
}

const publicApp = () =>
  createHashRouter([
    {
      path: '/',
      element: <Outlet />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <BlankLayout />, children: publicRouteObjects },
        { index: true, element: <ToSignedInPortal /> },
        { path: '*', element: <ToSignedInPortal /> },
      ],
    },
  ]);

function PublicApp({ sdk }: { sdk: Sdk }) {
  const [router] = useState(publicApp);
  return (
    <ThemeProvider>
      <SdkContext.Provider value={sdk}>
        <RouterProvider router={router} />
        <PortalBanners sdk={sdk} />
        <LoadingOverlay sdk={sdk} />
      </SdkContext.Provider>
    </ThemeProvider>
  );
}

export async function startPublicApp(container: HTMLElement): Promise<void> {
  const sdk = await createSignedOutSdk(window.location.origin, readTheme());
  createRoot(container).render(
    <StrictMode>
      <PublicApp sdk={sdk} />
    </StrictMode>,
  );
}
