/**
 * The practices' connectors in Chromium (issue 35), as the administrator, on a sandbox of its own
 * with its connector running: a connector made to fail refuses a payment's posting, which shows failed
 * in the practice's connector log and makes the connector failing on the Service Check; run again,
 * Retry posts it. A silenced connector shows silent on the Service Check once two minutes pass
 * without a heartbeat, and does not answer a ping.
 */
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import { CARDS, createRequest, newCustomer, payWithCard } from '../support/payments.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { signInToPortal } from './support/portal.js';

let server: TestServer;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer({ PRACTICE_SYSTEM_CONNECTOR: 'on' });
});
test.afterAll(async () => server?.close());

/** A patient of Bright Smiles pays on their payment page; the payment's ID as staff read it. */
async function aPayment(amount: number): Promise<string> {
  const frontdesk = await server.tokenFor('frontdesk');
  const customer = await newCustomer(server, frontdesk);
  const { linkToken } = await createRequest(server, frontdesk, customer, amount);
  const paid = await payWithCard(server, linkToken, CARDS.visa);
  expect(paid.body.isSuccess, JSON.stringify(paid.body)).toBe(true);
  return paid.body.value!.referenceId.split('-')[0]!;
}

test('a failing connector’s posting shows in its log and on the Service Check, and Retry posts it', async ({
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

  await bright.getByRole('link', { name: 'Bright Smiles Dental' }).click();
  await page.getByRole('button', { name: 'Run normally' }).click();
  await expect(page.getByText('The connector runs normally')).toBeVisible();
  await row.getByRole('button', { name: `Retry ${id}` }).click();
  await expect(page.getByText(`${id} is queued again`)).toBeVisible();
  await expect(row).toContainText('Posted', { timeout: 20_000 });
  // Attempts: the refused one and the retry.
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  expect(errors).toEqual([]);
});

test('a silenced connector shows silent once two minutes pass without a heartbeat, and does not answer a ping', async ({
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
  expect(errors).toEqual([]);
});
