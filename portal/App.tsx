/**
 * The portal: theme first (so even the start-up states have it), then the server's configuration
 * and the SDK, then the session and the routes. The banners and the loading overlay sit above
 * every layout.
 */
import { useEffect, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { revalidateOnReconnect } from '../widgets/runtime/revalidateOnReconnect.js';
import { SdkContext } from '../widgets/runtime/SdkContext.js';
import { PortalConfigurationContext } from './boot/PortalConfiguration.js';
import { startPortal, type StartedPortal } from './boot/startPortal.js';
import { routes } from './routing/routes.js';
import { SessionProvider } from './session/SessionContext.js';
import { PortalBanners } from './shell/banners/PortalBanners.js';
import { FullPageLoading, FullPageProblem } from './shell/FullPageState.js';
import { LoadingOverlay } from './shell/LoadingOverlay.js';
import { ThemeProvider, useTheme } from './theme/ThemeContext.js';

type Boot =
  { status: 'starting' } | { status: 'failed'; message: string } | ({ status: 'ready' } & StartedPortal);

function Portal({ started }: { started: StartedPortal }) {
  // Created once the SDK has put the address sign-in returned to in place.
  const [router] = useState(() => createHashRouter(routes));
  useEffect(() => revalidateOnReconnect(started.sdk.events), [started.sdk]);
  return (
    <SdkContext.Provider value={started.sdk}>
      <PortalConfigurationContext.Provider value={started.configuration}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
        <PortalBanners sdk={started.sdk} />
        <LoadingOverlay sdk={started.sdk} />
      </PortalConfigurationContext.Provider>
    </SdkContext.Provider>
  );
}

function Start() {
  const { theme } = useTheme();
  const [boot, setBoot] = useState<Boot>({ status: 'starting' });
  const [initialTheme] = useState(theme);

  useEffect(() => {
    let live = true;
    startPortal(initialTheme).then(
      (started) => live && setBoot({ status: 'ready', ...started }),
      (error: unknown) => {
        console.error('Chairside: the portal could not start.', error);
        if (live)
          setBoot({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [initialTheme]);

  if (boot.status === 'starting') return <FullPageLoading label="Starting Chairside…" />;
  if (boot.status === 'failed') {
    return (
      <FullPageProblem
        title="Chairside could not start"
        message={boot.message}
        actions={
          <Button appearance="primary" onClick={() => window.location.reload()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <Portal started={boot} />;
}

export function App() {
  return (
    <ThemeProvider>
      <Start />
    </ThemeProvider>
  );
}
