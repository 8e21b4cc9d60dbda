/**
 * The bell as a person uses it: the unread count on the button, the list grouped Recent and
 * Previous with the spec's past-due rows, and opening it records the view so the count clears.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, notification, ok, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal, renderRoutes } from '../../testing/renderPortal.js';
import { NotificationBell } from './NotificationBell.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function bellSdk(lastViewed: string | null) {
  const viewedAt = new Date().toISOString();
  return createPortalSdk({
    '/api/companyNotification/getLatestNotifications': () =>
      ok({
        lastViewed,
        notifications: [
          notification({ id: 1, dateTime: hoursAgo(1), paymentPlanId: 7, amountDue: 12_500 }),
          notification({ id: 2, dateTime: hoursAgo(5), paymentPlanId: 8, amountDue: 4_000 }),
          notification({ id: 3, dateTime: hoursAgo(30), paymentPlanId: 9, amountDue: 99_999 }),
        ],
      }),
    '/api/UserNotification/viewedCompanyNotification': () => ok({ dateTime: viewedAt }),
  });
}

describe('the notification bell', () => {
  it('counts the notifications newer than the last view', async () => {
    renderPortal(<NotificationBell />, { sdk: bellSdk(hoursAgo(3)).sdk, session: SESSIONS.frontdesk });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-count').textContent).toBe('1');
  });

  it('counts all of them when the bell was never opened', async () => {
    renderPortal(<NotificationBell />, { sdk: bellSdk(null).sdk, session: SESSIONS.frontdesk });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });

  it('lists Recent (last 24 hours) and Previous with plan ID, past-due amount, date and time; opening clears the count', async () => {
    const user = userEvent.setup();
    const fake = bellSdk(null);
    renderPortal(<NotificationBell />, { sdk: fake.sdk, session: SESSIONS.frontdesk });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));

    // jsdom: tabster marks the focus-trapping surface aria-hidden, as it cannot move focus the way a
    // browser does; the browser test checks it is exposed.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)).toHaveTextContent(
      'Notifications',
    );
    const recent = within(dialog).getByRole('region', { name: 'Recent', hidden: true });
    const previous = within(dialog).getByRole('region', { name: 'Previous', hidden: true });
    expect(within(recent).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    expect(within(previous).getAllByRole('listitem', { hidden: true })).toHaveLength(1);
    const row = within(recent).getAllByRole('listitem', { hidden: true })[0]!;
    expect(row).toHaveTextContent('Payment Plan ID 7');
    expect(row).toHaveTextContent('$125.00');
    expect(row.textContent).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M/);
    expect(within(row).getByRole('link', { hidden: true })).toHaveAttribute(
      'href',
      // A memory router's address; the portal's hash router writes '#/paymentplans?paymentPlanId=7'.
      '/paymentplans?paymentPlanId=7',
    );
    expect(within(previous).getByRole('listitem', { hidden: true })).toHaveTextContent('$999.99');

    await waitFor(() =>
      expect(fake.callsTo('/api/UserNotification/viewedCompanyNotification')).toHaveLength(1),
    );
    expect(fake.callsTo('/api/UserNotification/viewedCompanyNotification')[0]).toMatchObject({
      noProgress: true,
    });
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull());
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
  });

  it('takes a row to its payment plan and closes', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/', element: <NotificationBell /> },
        { path: '/paymentplans', element: <p>The payment plans</p> },
      ],
      { sdk: bellSdk(null).sdk, session: SESSIONS.frontdesk },
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await user.click(within(dialog).getAllByRole('link', { hidden: true })[0]!);
    expect(await screen.findByText('The payment plans')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/paymentplans', search: '?paymentPlanId=7' });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('says so when there are no notifications', async () => {
    const user = userEvent.setup();
    const fake = createPortalSdk({
      '/api/companyNotification/getLatestNotifications': () => ok({ lastViewed: null, notifications: [] }),
      '/api/UserNotification/viewedCompanyNotification': () => ok({ dateTime: new Date().toISOString() }),
    });
    renderPortal(<NotificationBell />, { sdk: fake.sdk, session: SESSIONS.frontdesk });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('There are no notifications for this practice.')).toBeInTheDocument();
  });
});
