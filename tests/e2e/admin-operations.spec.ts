/**
 * The admin area's operations screens in Chromium (issue 35): connectors, queues, anomalies and
 * notifications, as the administrator, on a sandbox of its own with its connector running: a connector made to fail refuses a payment's
 * posting, which shows failed in the practice's connector log, on the Service Check, in the postings
 * queue and on the overview; run again, Retry in the queue posts it. A silenced connector shows
 * silent on the Service Check and the overview once two minutes pass without a heartbeat, and does
 * not answer a ping. The same card charged the same amount twice shows as an anomaly, resolved with
 * a note. A banner published to one practice shows in that practice and not in another. Log Files
 * finds a line by its request id and its text, shows its fields with their secrets removed, and its
 * live tail puts a new line at the top.
 */
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import { CARDS, createRequest, newCustomer, payWithCard } from '../support/payments.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { openUserMenu, signInToPortal } from './support/portal.js';

let server: TestServer;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer({ PRACTICE_SYSTEM_CONNECTOR: 'on' });
});
test.afterAll(async () => server?.close());

/** A patient of Bright Smiles pays on their payment page; the payment's ID as staff read it. */
async function aPayment(amount: number, card: string = CARDS.visa): Promise<string> {
  const frontdesk = await server.tokenFor('frontdesk');
  const customer = await newCustomer(server, frontdesk);
  const { linkToken } = await createRequest(server, frontdesk, customer, amount);
  const paid = await payWithCard(server, linkToken, card);
  expect(paid.body.isSuccess, JSON.stringify(paid.body)).toBe(true);
  return paid.body.value!.referenceId.split('-')[0]!;
}

test('a failing connector’s posting shows in its log, on the Service Check, in the queue and on the overview, and Retry posts it', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/odServiceCheck`);
  await page
    .getByRole('table', { name: 'Connectors' })
    .getByRole('link', { name: 'Bright Smiles Dental' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bright Smiles Dental: connector' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Fail every posting' }).click();
  await expect(page.getByText('The connector fails every posting')).toBeVisible();

  const id = await aPayment(64_00);
  const postings = page.getByRole('table', { name: 'Postings' });
  const row = postings.getByRole('row').filter({ hasText: id });
  // The connector takes the posting a few seconds after the payment; the log refreshes on its own.
  await expect(row).toContainText('Failed', { timeout: 20_000 });
  await expect(row).toContainText('connector is failing');
  // The same answer says the connector is failing.
  await expect(page.getByText('Failing', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'every connector' }).click();
  const bright = page
    .getByRole('table', { name: 'Connectors' })
    .getByRole('row')
    .filter({ hasText: 'Bright Smiles Dental' });
  await expect(bright).toContainText('Failing');

  // The overview counts it, and its figure leads to the queue's failed postings.
  await page.getByRole('link', { name: 'Admin home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: '1 failing' })).toBeVisible();
  await page.getByRole('link', { name: '1 practice system postings failed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Queues' })).toBeVisible();
  const item = page
    .getByRole('table', { name: 'Items of practice system postings' })
    .getByRole('row')
    .filter({ hasText: id });
  await expect(item).toContainText('Failed');
  await expect(item).toContainText('connector is failing');

  // Run again, the posting is retried from the queue.
  await item.getByRole('link', { name: 'Bright Smiles Dental' }).click();
  await page.getByRole('button', { name: 'Run normally' }).click();
  await expect(page.getByText('The connector runs normally')).toBeVisible();
  await page.goBack();
  await item.getByRole('button', { name: `Retry Payment of transaction ${id}` }).click();
  await expect(page.getByText(`Payment of transaction ${id} will be posted in a few seconds.`)).toBeVisible();
  await page.goForward();
  await expect(row).toContainText('Posted', { timeout: 20_000 });
  // Attempts: the refused one and the retry.
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  expect(errors).toEqual([]);
});

test('a silenced connector shows silent on the Service Check and the overview once two minutes pass without a heartbeat, and does not answer a ping', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/odlog/3`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Dental: connector' })).toBeVisible();
  await page.getByRole('button', { name: 'Go silent' }).click();
  await expect(page.getByText('The connector is silent: no heartbeat, no posting')).toBeVisible();

  // Three minutes pass on the sandbox clock (its other connectors send their heartbeats meanwhile).
  const moved = await server.call('POST', '/sandbox/clock/advance', {
    token: await server.tokenFor('admin'),
    body: { days: 0, hours: 0, minutes: 3 },
  });
  expect(moved.status).toBe(200);

  await page.getByRole('link', { name: 'every connector' }).click();
  const rows = page.getByRole('table', { name: 'Connectors' }).getByRole('row');
  // Those that need a person come first.
  await expect(rows.nth(1)).toContainText('Harbor View Dental');
  await expect(rows.nth(1)).toContainText('Silent');
  await expect(rows.filter({ hasText: 'Cedar Family Dentistry' })).toContainText('Healthy');
  await rows.nth(1).getByRole('button', { name: 'Ping Harbor View Dental' }).click();
  await expect(page.getByText('Harbor View Dental did not answer')).toBeVisible();

  await page.getByRole('link', { name: 'Admin home' }).click();
  await page.getByRole('link', { name: '1 silent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open Dental Service Check' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the same card charged the same amount twice within 2 minutes is an anomaly, resolved with a note', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const first = await aPayment(77_77, CARDS.mastercard);
  const second = await aPayment(77_77, CARDS.mastercard);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/anomalies`);
  await expect(page.getByRole('heading', { level: 1, name: 'Anomalies' })).toBeVisible();
  await page.getByRole('button', { name: 'Run the checks now' }).click();
  const row = page
    .getByRole('table', { name: 'Anomalies' })
    .getByRole('row')
    .filter({ hasText: `Transaction ${second}` });
  await expect(row).toContainText('Same card charged twice within 2 minutes');
  await expect(row).toContainText(`by ${first} and again by ${second}`);
  await expect(row).toContainText('Bright Smiles Dental');

  await row.getByRole('button', { name: `Resolve Transaction ${second}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByText('Say what was done: the note is kept in the audit log.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'What was done' }).fill('Refunded the second charge.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeHidden();

  await page.getByRole('combobox', { name: 'Show' }).selectOption('RESOLVED');
  await expect(
    page
      .getByRole('table', { name: 'Anomalies' })
      .getByRole('row')
      .filter({ hasText: `Transaction ${second}` }),
  ).toContainText('Refunded the second charge.');
  expect(errors).toEqual([]);
});

test('a rotated tunnel key is shown once, and masked after a reload', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/odlog/3`);
  await page.getByRole('link', { name: 'its tunnel key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tunnel Key' })).toBeVisible();
  await expect(page).toHaveURL(/showTunnelKey\?companyId=3$/);
  const panel = page.getByRole('region', { name: 'Harbor View Dental: tunnel key' });
  await expect(panel).toContainText('None yet: rotate to issue the first.');

  await page.getByRole('button', { name: 'Rotate key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate key' }).click();
  const shown = page.getByTestId('new-tunnel-key');
  await expect(shown).toHaveText(/^cstk_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  const masked = `cstk_••••••••${key.slice(-4)}`;
  await expect(panel).toContainText(masked);
  await expect(panel).toContainText("it takes effect at the connector's next heartbeat");

  await page.reload();
  await expect(panel).toContainText(masked);
  await expect(page.getByTestId('new-tunnel-key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(key);
  expect(errors).toEqual([]);
});

test('Log Files finds a line by its request id and its text, opens its fields without their secrets, and tails new lines', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  // The suite's server logs nothing (LOG_LEVEL silent); this logger writes to the same log at info.
  const requestId = `e2e${Date.now().toString(16)}`;
  const log = server.ctx.log.child({ reqId: requestId, companyId: 3 }, { level: 'info' });
  log.warn(
    { job: 'nightly reconciliation', token: 'e2e-secret-token-value' },
    'Reconciliation took 41 s for the practice',
  );
  await signInToPortal(page, 'admin', `${server.url}/#/admin/logfiles`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log Files' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Request ID' }).fill(requestId);
  const table = page.getByRole('table', { name: 'Log lines' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: 'Reconciliation took 41 s for the practice' });
  await expect(row).toContainText('Warning');
  await expect(row).toContainText('Harbor View Dental');
  await expect(row).toContainText(requestId);
  await row.getByRole('button', { name: /^Show the fields of/ }).click();
  const fields = page.getByLabel('The fields of "Reconciliation took 41 s for the practice"', {
    exact: true,
  });
  await expect(fields).toContainText('"job": "nightly reconciliation"');
  await expect(fields).toContainText('"token": "[Redacted]"');
  await expect(page.locator('body')).not.toContainText('e2e-secret-token-value');
  await row.getByRole('button', { name: /^Hide the fields of/ }).click();
  await expect(fields).toBeHidden();

  await page.getByRole('searchbox', { name: 'Request ID' }).fill('');
  await page.getByRole('searchbox', { name: 'Text' }).fill('RECONCILIATION TOOK 41');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(requestId);

  await page.getByRole('searchbox', { name: 'Text' }).fill('reconciliation');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('switch', { name: 'Live tail' }).check();
  log.error('Reconciliation failed on its second pass');
  // At the top, under the same filter, within a few seconds (stored each second, asked every two).
  await expect(table.getByRole('row').nth(1)).toContainText('Reconciliation failed on its second pass', {
    timeout: 10_000,
  });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page).toHaveURL(/q=reconciliation/);
  expect(errors).toEqual([]);
});

// Last: the administrator ends in another practice.
test('a banner published to one practice shows there and not elsewhere', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/notificationManagement`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification Management' })).toBeVisible();
  await page.getByRole('button', { name: 'New notification' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'One practice' }).check();
  await dialog.getByRole('combobox', { name: 'Practice' }).pressSequentially('Harbor');
  await page.getByRole('option', { name: /Harbor View Dental/ }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Card reader swap on Friday');
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Keep the old reader plugged in until noon.');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('warning');
  await dialog.getByRole('combobox', { name: 'Icon' }).selectOption('wrench');
  await dialog.getByRole('textbox', { name: 'Read More link' }).fill('https://example.com/readers');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole('table', { name: 'Notifications' })
    .getByRole('row')
    .filter({ hasText: 'Card reader swap on Friday' });
  await expect(row).toContainText('Harbor View Dental');
  await expect(row).toContainText('Published');

  // Bright Smiles, where the administrator works now: its pages answer without the banner.
  const answered = page.waitForResponse((r) =>
    r.url().includes('/api/userNotification/getLastUserNotification'),
  );
  await page.goto(`${server.url}/#/dashboard`);
  await page.reload();
  await answered;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Card reader swap on Friday')).toHaveCount(0);

  // Harbor View: the banner, with its Read More link.
  const menu = await openUserMenu(page, /Avery Admin/);
  const reloaded = page.waitForEvent('load');
  await menu.getByRole('menuitemradio', { name: /Harbor View Dental/ }).click();
  await reloaded;
  const notice = page.getByTestId('user-notification');
  await expect(notice).toContainText('Card reader swap on Friday');
  await expect(notice).toContainText('Keep the old reader plugged in until noon.');
  await expect(notice.getByRole('link', { name: 'Read More' })).toHaveAttribute(
    'href',
    'https://example.com/readers',
  );
  expect(errors).toEqual([]);
});
