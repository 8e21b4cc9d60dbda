/** The user notification banner: its parts, and it hides only once the server confirms the dismissal. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, ok, refused, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import { UserNotificationBanner } from './UserNotificationBanner.js';

const NOTICE = {
  id: 12,
  type: 'info' as const,
  icon: null,
  created: '2026-11-21T15:04:05Z',
  title: 'Text-to-pay reminders are here',
  text: 'You can now remind a patient about an unpaid payment request with one click.',
  fullyQualifiedUrl: 'https://chairside.test/whats-new',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the user notification banner', () => {
  it('shows the date, time, title, text and Read More', async () => {
    const fake = createPortalSdk({
      '/api/userNotification/getLastUserNotification': () => ok({ notification: NOTICE }),
    });
    renderPortal(<UserNotificationBanner />, { sdk: fake.sdk, session: SESSIONS.frontdesk });
    const banner = await screen.findByTestId('user-notification');
    expect(banner).toHaveTextContent('Text-to-pay reminders are here');
    expect(banner).toHaveTextContent(NOTICE.text);
    expect(banner.querySelector('time')?.textContent).toMatch(/^11\/21\/2026 \d{2}:04:05 [AP]M$/);
    expect(screen.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', NOTICE.fullyQualifiedUrl);
  });

  it('has no Read More without a link', async () => {
    const fake = createPortalSdk({
      '/api/userNotification/getLastUserNotification': () =>
        ok({ notification: { ...NOTICE, fullyQualifiedUrl: null } }),
    });
    renderPortal(<UserNotificationBanner />, { sdk: fake.sdk, session: SESSIONS.frontdesk });
    await screen.findByTestId('user-notification');
    expect(screen.queryByRole('link', { name: 'Read More' })).toBeNull();
  });

  it('stays while the dismissal is on its way, and hides once the server confirms it', async () => {
    const user = userEvent.setup();
    const answer = deferred<unknown>();
    const fake = createPortalSdk({
      '/api/userNotification/getLastUserNotification': () => ok({ notification: NOTICE }),
      '/api/userNotification/updateUserNotificationDate': () => answer.promise,
    });
    renderPortal(<UserNotificationBanner />, { sdk: fake.sdk, session: SESSIONS.frontdesk });
    await user.click(
      await screen.findByRole('button', { name: 'Dismiss notice: Text-to-pay reminders are here' }),
    );
    expect(fake.callsTo('/api/userNotification/updateUserNotificationDate')).toEqual([
      { path: '/api/userNotification/updateUserNotificationDate', body: { id: 12 } },
    ]);
    expect(screen.getByTestId('user-notification')).toBeInTheDocument();
    answer.resolve(ok({ dismissed: 12 }));
    await waitFor(() => expect(screen.queryByTestId('user-notification')).toBeNull());
  });

  it('stays when the server refuses the dismissal', async () => {
    const user = userEvent.setup();
    const fake = createPortalSdk({
      '/api/userNotification/getLastUserNotification': () => ok({ notification: NOTICE }),
      '/api/userNotification/updateUserNotificationDate': () => refused('Try again later.'),
    });
    renderPortal(<UserNotificationBanner />, { sdk: fake.sdk, session: SESSIONS.frontdesk });
    const dismiss = await screen.findByRole('button', { name: /Dismiss notice/ });
    await user.click(dismiss);
    await waitFor(() => expect(dismiss).not.toHaveAttribute('disabled'));
    expect(screen.getByTestId('user-notification')).toBeInTheDocument();
  });
});
