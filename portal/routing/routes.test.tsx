/** The routes' redirects and gates: /login, /, the admin gate, the public page, the patient page. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, ok, SESSIONS, shellHandlers } from '../testing/portalFixtures.js';
import { renderRoutes, stubViewport } from '../testing/renderPortal.js';
import { MARIA } from '../../widgets/ui/testing/cardFixtures.js';
import { routes } from './routes.js';

afterEach(() => vi.unstubAllGlobals());

describe('the routes', () => {
  it('redirects /login to / and / to /dashboard', async () => {
    stubViewport(1440);
    const { router } = renderRoutes(routes, {
      sdk: createPortalSdk(shellHandlers()).sdk,
      session: SESSIONS.frontdesk,
      path: '/login',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The dashboard's own content is its page's; here, the shell marks where the person is.
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('sends a non-administrator entering /admin to /dashboard', async () => {
    stubViewport(1440);
    const { router } = renderRoutes(routes, {
      sdk: createPortalSdk(shellHandlers()).sdk,
      session: SESSIONS.frontdesk,
      path: '/admin/companies',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets an administrator into the admin area, with its sidebar and the screen’s heading', async () => {
    const { router } = renderRoutes(routes, {
      sdk: createPortalSdk().sdk,
      session: SESSIONS.admin,
      path: '/admin',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(screen.getByRole('link', { name: 'Admin home' })).toHaveAttribute('href', '#/admin');
    expect(nav).toHaveTextContent('Dentists');
    expect(nav).toHaveTextContent('System Admin');
    expect(screen.getByRole('link', { name: 'Bright Smiles Dental' })).toHaveAttribute('href', '#/dashboard');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav).toHaveTextContent('Connectors');
    await router.navigate('/admin/logfiles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log Files' })).toBeInTheDocument();
  });

  it('opens the public payment page without signing in', async () => {
    const fake = createPortalSdk(
      {
        '/api/public/paymentRequest': () =>
          ok({
            practiceName: 'Bright Smiles Dental',
            practicePhone: '',
            firstName: 'Maria',
            amount: 12_500,
            message: '',
            status: 'PAID',
            receipt: null,
            surcharge: { rateBps: 0 },
            cardEntry: { businessId: 'b', appId: 'a', scriptUrl: 'https://cards.test/tokenize.js' },
          }),
      },
      { signedIn: false },
    );
    renderRoutes(routes, { sdk: fake.sdk, path: '/p/abc123abc123abc123' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Maria,' })).toBeInTheDocument();
    expect(fake.auth.signIn).not.toHaveBeenCalled();
  });

  it('shows the patient’s name on the patient page (CustomerIndex)', async () => {
    stubViewport(1440);
    const fake = createPortalSdk(
      shellHandlers({
        '/api/customer/getCustomer': () => ok(MARIA),
      }),
    );
    const { router } = renderRoutes(routes, {
      sdk: fake.sdk,
      session: SESSIONS.frontdesk,
      path: '/Customer/11?key=1001',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Garcia' })).toBeInTheDocument();
    expect(screen.getByText(/Patient number 1001/)).toBeInTheDocument();
    expect(screen.getByText('(512) 555-0142')).toBeInTheDocument();
    expect(fake.callsTo('/api/customer/getCustomer')[0]).toMatchObject({ query: { id: 11 } });
    expect(router.state.matches.some((m) => m.route.id === 'CustomerIndex')).toBe(true);
  });

  it('says which screens a role does not allow, inside the shell', async () => {
    stubViewport(1440);
    renderRoutes(routes, {
      sdk: createPortalSdk(shellHandlers()).sdk,
      session: SESSIONS.frontdesk,
      path: '/companyProfile',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByText(/Settings need the role to manage settings/)).toBeInTheDocument();
  });
});
