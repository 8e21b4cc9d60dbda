/**
 * Renders a portal component as the portal would: theme, SDK, server configuration, a fresh SWR
 * cache, a signed-in session (changeable, as the real one), and a router at `path`.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { ServerConfiguration } from '../../embed-sdk/contract/config.js';
import type { Sdk, UserProfile } from '../../embed-sdk/index.js';
import { SdkContext } from '../../widgets/runtime/SdkContext.js';
import { PortalConfigurationContext } from '../boot/PortalConfiguration.js';
import type { Session } from '../session/session.js';
import { SessionContext, type SessionContextValue, type SessionState } from '../session/SessionContext.js';
import { ThemeProvider } from '../theme/ThemeContext.js';

export const CONFIGURATION: ServerConfiguration = {
  authority: 'http://sandbox.test/oidc',
  clientId: 'chairside-portal',
  termsUrl: 'http://sandbox.test/#/terms-of-service',
  hubUrl: 'http://sandbox.test/hubs/payments',
  cardProviderScriptUrl: 'http://cards.sandbox.test/tokenize.js',
  liveChat: 'none',
  version: '0.1.0',
  now: '2026-11-21T15:00:00.000Z',
};

/** jsdom has no matchMedia: `width` decides the sidebar's media query. */
export function stubViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      };
    }),
  );
}

export interface SessionActions {
  switchPractice: ReturnType<typeof vi.fn<(companyId: number) => Promise<boolean>>>;
  signOut: ReturnType<typeof vi.fn<() => Promise<void>>>;
}

function TestSession({
  session,
  profile,
  actions,
  children,
}: {
  session: Session;
  profile: UserProfile | null;
  actions: SessionActions;
  children: ReactNode;
}) {
  const [state, setState] = useState<SessionState>({ status: 'ready', session, profile });
  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      ensure: () => undefined,
      retry: () => undefined,
      update: (patch) =>
        setState((s) => (s.status === 'ready' ? { ...s, session: { ...s.session, ...patch } } : s)),
      switchPractice: actions.switchPractice,
      signOut: actions.signOut,
    }),
    [state, actions],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function PortalProviders({
  sdk,
  session,
  profile = null,
  actions,
  children,
}: {
  sdk: Sdk;
  session?: Session;
  profile?: UserProfile | null;
  actions: SessionActions;
  children: ReactNode;
}) {
  const inner = session ? (
    <TestSession session={session} profile={profile} actions={actions}>
      {children}
    </TestSession>
  ) : (
    children
  );
  return (
    <ThemeProvider>
      <SdkContext.Provider value={sdk}>
        <PortalConfigurationContext.Provider value={CONFIGURATION}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{inner}</SWRConfig>
        </PortalConfigurationContext.Provider>
      </SdkContext.Provider>
    </ThemeProvider>
  );
}

export function newActions(): SessionActions {
  return {
    switchPractice: vi.fn(async () => true),
    signOut: vi.fn(async () => undefined),
  };
}

/** A component at `path` (for components that read the location). */
export function renderPortal(
  ui: ReactNode,
  {
    sdk,
    session,
    path = '/',
    profile = null,
  }: { sdk: Sdk; session?: Session; path?: string; profile?: UserProfile | null },
) {
  const actions = newActions();
  const view = render(
    <PortalProviders sdk={sdk} session={session} profile={profile} actions={actions}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </PortalProviders>,
  );
  return { ...view, actions };
}

/** Routes in a memory router (for redirects and guards); `router.state.location` says where it went. */
export function renderRoutes(
  routes: RouteObject[],
  {
    sdk,
    session,
    path = '/',
    profile = null,
  }: { sdk: Sdk; session?: Session; path?: string; profile?: UserProfile | null },
) {
  const actions = newActions();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <PortalProviders sdk={sdk} session={session} profile={profile} actions={actions}>
      <RouterProvider router={router} />
    </PortalProviders>,
  );
  return { ...view, router, actions };
}
