/**
 * The main shell as a person meets it: landmarks, the sidebar's items by role with the active one
 * following the route, and below 1200 px the menu button that opens it as a drawer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { routes } from '../routing/routes.js';
import { createPortalSdk, SESSIONS, shellHandlers } from '../testing/portalFixtures.js';
import { renderRoutes, stubViewport } from '../testing/renderPortal.js';

afterEach(() => vi.unstubAllGlobals());

const navItems = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link', { hidden: true })
    .map((a) => a.textContent);

describe('the main shell', () => {
  it('has a banner, the main navigation and the main content, with the screen’s heading', async () => {
    stubViewport(1440);
    renderRoutes(routes, {
      sdk: createPortalSdk(shellHandlers()).sdk,
      session: SESSIONS.admin,
      path: '/transactions',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Patients' })).toBeInTheDocument();
  });

  it.each([
    [
      'admin',
      SESSIONS.admin,
      [
        'Dashboard',
        'Reports',
        'Transactions',
        'Payment Requests',
        'Payment Plans',
        'Memberships',
        'Reimbursements',
      ],
    ],
    [
      'frontdesk',
      SESSIONS.frontdesk,
      ['Dashboard', 'Reports', 'Transactions', 'Payment Requests', 'Payment Plans', 'Memberships'],
    ],
    [
      'viewer (accepted terms)',
      { ...SESSIONS.viewer, termsOfService: true },
      ['Dashboard', 'Reports', 'Transactions', 'Payment Requests', 'Payment Plans', 'Memberships'],
    ],
  ])('shows %s the sidebar items of their roles and practice system', async (_who, session, expected) => {
    stubViewport(1440);
    renderRoutes(routes, { sdk: createPortalSdk(shellHandlers()).sdk, session, path: '/transactions' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(navItems(nav)).toEqual(expected);
  });

  it('marks the item of the current route as the current page, and follows navigation', async () => {
    stubViewport(1440);
    const { router } = renderRoutes(routes, {
      sdk: createPortalSdk(shellHandlers()).sdk,
      session: SESSIONS.admin,
      path: '/insurancepayment?showExisting=0&date=2026-11-21',
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Reimbursements' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'New Reimbursement' })).toBeInTheDocument();
    await router.navigate('/paymentplans');
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Payment Plans' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(within(nav).getByRole('link', { name: 'Reimbursements' })).toHaveAttribute(
      'aria-current',
      'false',
    );
  });

  it('collapses the sidebar into a menu button below 1200 px (1199 px)', async () => {
    stubViewport(1199);
    const user = userEvent.setup();
    renderRoutes(routes, {
      sdk: createPortalSdk(shellHandlers()).sdk,
      session: SESSIONS.frontdesk,
      path: '/transactions',
    });
    const menuButton = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('link', { name: 'Payment Plans' })).toBeNull();
    await user.click(menuButton);
    // jsdom: tabster marks the modal drawer aria-hidden while it cannot move focus the way a browser
    // does (the browser test checks it is exposed); its content is what matters here.
    const nav = await screen.findByRole('navigation', { name: 'Main navigation', hidden: true });
    expect(navItems(nav)).toEqual([
      'Dashboard',
      'Reports',
      'Transactions',
      'Payment Requests',
      'Payment Plans',
      'Memberships',
    ]);
    await user.click(within(nav).getByRole('button', { name: 'Close navigation', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Payment Plans' })).toBeNull());
  });

  it('keeps the sidebar open, without a menu button, at 1200 px', async () => {
    stubViewport(1200);
    renderRoutes(routes, {
      sdk: createPortalSdk(shellHandlers()).sdk,
      session: SESSIONS.frontdesk,
      path: '/transactions',
    });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
  });
});
