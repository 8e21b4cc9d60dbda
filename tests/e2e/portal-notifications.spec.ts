/**
 * The bell and the user notification banner in Chromium (a server of its own: opening the bell and
 * dismissing the notice are stored for the user). The expected count and groups come from the API.
 */
import { expect, test } from '@playwright/test';
import { runPlanBilling } from '../../server/payment-plans/billing.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { signInToPortal } from './support/portal.js';

interface BellAnswer {
  notifications: { id: number; dateTime: string; paymentPlanId: number | null; amountDue: number | null }[];
  lastViewed: string | null;
}

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer();
});
test.afterAll(async () => server?.close());

test('the bell counts, groups Recent and Previous, and clears when opened (also after a reload)', async ({
  page,
}) => {
  // The billing job's run, as a sandbox running since the demo data was made would have done by
  // now: the demo's bell has something from the 24 hours before the data was made, and when the
  // morning sweep's hour (07:00) passed since, this run repeats each past due in the bell.
  await runPlanBilling(server.ctx);
  const token = await server.tokenFor('frontdesk');
  const { body } = await server.call<BellAnswer>('GET', '/api/companyNotification/getLatestNotifications', {
    token,
  });
  const { notifications, lastViewed } = body.value!;
  expect(lastViewed).toBeNull();
  expect(notifications.length).toBeGreaterThan(1);
  const now = Date.now();
  const recent = notifications.filter((n) => Date.parse(n.dateTime) >= now - 24 * 3_600_000);
  const previous = notifications.length - recent.length;
  expect(recent.length).toBeGreaterThan(0);

  await signInToPortal(page, 'frontdesk', `${server.url}/#/transactions`);
  const bell = page.getByRole('button', { name: `Notifications, ${notifications.length} unread` });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveText(String(notifications.length));

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const recentGroup = panel.getByRole('region', { name: 'Recent' });
  const previousGroup = panel.getByRole('region', { name: 'Previous' });
  await expect(recentGroup.getByRole('listitem')).toHaveCount(recent.length);
  await expect(previousGroup.getByRole('listitem')).toHaveCount(previous);
  const first = notifications[0]!;
  const row = recentGroup.getByRole('listitem').first();
  await expect(row).toContainText(`Payment Plan ID ${first.paymentPlanId}`);
  await expect(row).toContainText(
    `$${(first.amountDue! / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M/);

  // Opening recorded the view: the count is gone.
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  const after = await server.call<BellAnswer>('GET', '/api/companyNotification/getLatestNotifications', {
    token,
  });
  expect(after.body.value!.lastViewed).not.toBeNull();

  // A row leads to its payment plan.
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  const link = page.getByRole('dialog', { name: 'Notifications' }).getByRole('link').first();
  await expect(link).toHaveAttribute('href', `#/paymentplans?paymentPlanId=${first.paymentPlanId}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/paymentplans\\?paymentPlanId=${first.paymentPlanId}$`));
});

test('the user notification banner hides once the server confirms the dismissal, and stays hidden', async ({
  page,
}) => {
  await signInToPortal(page, 'frontdesk', `${server.url}/#/transactions`);
  const notice = page.getByTestId('user-notification');
  await expect(notice).toContainText('Text-to-pay reminders are here');
  await expect(notice).toContainText('You can now remind a patient about an unpaid payment request');
  await expect(notice).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M/);
  await expect(notice.getByRole('link', { name: 'Read More' })).toHaveAttribute(
    'href',
    'https://chairside.test/whats-new',
  );

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/userNotification/updateUserNotificationDate', async (route) => {
    await held;
    await route.continue();
  });
  await notice.getByRole('button', { name: /Dismiss notice/ }).click();
  // Still there while the server has not answered.
  await page.waitForTimeout(300);
  await expect(notice).toBeVisible();
  release();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  // The dismissed notice is gone for good; an older one the front desk has not dismissed comes next.
  await expect(page.getByTestId('user-notification')).toContainText('Scheduled maintenance on Sunday night');
  await expect(page.getByText('Text-to-pay reminders are here')).toHaveCount(0);
});
