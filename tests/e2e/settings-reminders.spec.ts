/**
 * Automatic reminders end to end in Chromium (issue 36): the admin sets reminders at 2 and 5 days in
 * Settings; a payment request is sent; the sandbox clock moves two days, then three more (its
 * control runs what fell due); the request's reminder history on the Payment Requests page shows the
 * two reminders, and the portal's Outbox page their messages. The patient pays on the public page
 * with a test card; the clock moves again, and no third reminder comes.
 *
 * It runs its own sandbox (free ports), as link-expiry.spec.ts does, so that it can move the sandbox
 * clock days ahead without touching the other specs' sandbox. Screenshots of the panel at 1024 px and
 * 1440 px, light and dark, go to .cache/shots/settings-reminders-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { patientBrowser } from './support/patientView.js';
import { signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';

const SHOTS = path.resolve('.cache', 'shots');
const VISA = '4111 1111 1111 1111';

let server: TestServer;
let frontdesk: string;
let admin: string;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  [frontdesk, admin] = await Promise.all([server.tokenFor('frontdesk'), server.tokenFor('admin')]);
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.close();
});

async function shoot(target: Page | Locator, name: string) {
  const shot = await target.screenshot({ animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(path.join(SHOTS, `settings-reminders-${name}.png`), shot);
  await test.info().attach(`${name}.png`, { body: shot, contentType: 'image/png' });
}

async function ok<T>(token: string, method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) {
  const res = await server.call<T>(method, pathAndQuery, {
    token,
    body,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** The sandbox's clock control, as an administrator uses it: it runs what fell due. */
const advanceDays = (days: number) => ok(admin, 'POST', '/sandbox/clock/advance', { days });

async function openRequest(page: Page, name: string, status: 'unpaid' | 'paid') {
  await page.goto(`${server.url}/#/notifications?status=${status}`);
  const row = page.getByRole('row').filter({ hasText: '$77.70' });
  await row.getByRole('button', { name }).click();
  const modal = page.getByRole('dialog', { name: `Payment Request for ${name}` });
  await expect(modal.getByRole('list', { name: 'Progress' })).toBeVisible();
  return modal;
}

/** The rows of the Outbox page that carry the link. */
async function outboxRows(page: Page, link: string) {
  await page.goto(`${server.url}/#/outbox`);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const table = page.getByRole('table', { name: 'Messages sent' });
  return table.getByRole('row').filter({ has: page.getByRole('link', { name: link, exact: true }) });
}

test('reminders at 2 and 5 days: both reach the history and the outbox; none after the request is paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The admin sets the schedule in Settings.
  await signInToPortal(page, 'admin', `${server.url}/#/companyProfile`);
  const panel = page.getByRole('region', { name: 'Automatic reminders' });
  await expect(panel.getByText('Automatic reminders are off.')).toBeVisible();
  const days = panel.getByRole('textbox', { name: /Remind on these days/ });
  await days.fill('5, 2');
  await panel.getByRole('button', { name: 'Save reminders' }).click();
  await expect(panel.getByText('List the days in ascending order.')).toBeVisible();
  await days.fill('2, 5');
  await panel.getByRole('switch', { name: /Quiet hours/ }).click();
  await expect(panel.getByText(/Times in America\/Chicago \(Central Time\)/)).toBeVisible();
  await shoot(panel, 'panel-1440');
  // No quiet hours for this run: the sandbox clock may stand at any hour.
  await panel.getByRole('switch', { name: /Quiet hours/ }).click();
  await panel.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByRole('region', { name: 'Messages' }).getByText('Saved')).toBeVisible();
  await expect(
    panel.getByText('An unpaid request’s patient is reminded 2 and 5 days after its link was sent.'),
  ).toBeVisible();

  await page.setViewportSize({ width: 1024, height: 900 });
  await panel.scrollIntoViewIfNeeded();
  await shoot(panel, 'panel-1024');
  await page.evaluate(() => localStorage.setItem('chairside.portal.theme', 'dark'));
  await page.reload();
  await expect(panel.getByText('An unpaid request’s patient is reminded 2 and 5 days')).toBeVisible();
  await panel.getByRole('switch', { name: /Quiet hours/ }).click();
  await shoot(panel, 'panel-1024-dark');
  await page.evaluate(() => localStorage.setItem('chairside.portal.theme', 'light'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();

  // A payment request to a new patient.
  const patient = await ok<{ id: number; firstName: string; lastName: string; email: string; cell: string }>(
    frontdesk,
    'POST',
    '/api/customer/transition',
    {
      firstName: 'Rosalind',
      lastName: 'Remindful',
      email: 'rosalind.remindful@example.com',
      cell: '5125553101',
    },
  );
  const request = await ok<{ id: string; link: string }>(frontdesk, 'POST', '/api/notification/create', {
    customerId: patient.id,
    amount: 7_770,
    notifyText: true,
    cell: patient.cell,
    notifyEmail: true,
    email: patient.email,
    message: 'For your filling.',
  });
  const name = `Rosalind ${patient.lastName}`;

  // Two days later, then three more: a reminder at each.
  await advanceDays(2);
  await advanceDays(3);

  const modal = await openRequest(page, name, 'unpaid');
  const history = modal
    .getByRole('region', { name: 'Last Reminder Sent' })
    .getByRole('list', { name: 'Reminder history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'history');
  await page.keyboard.press('Escape');

  // The outbox: the request's text and e-mail, then both again for each reminder.
  await expect(await outboxRows(page, request.link)).toHaveCount(6);
  await shoot(page, 'outbox');

  // The patient pays on the public page with a test card, on a phone in the light theme.
  const phone = await patientBrowser(browser, { size: 'phone', theme: 'light' });
  const { page: payer, errors: payerErrors } = phone;
  await payer.goto(request.link);
  await expect(payer.getByRole('heading', { name: 'Hi Rosalind,' })).toBeVisible();
  await typeCard(payer.frameLocator('iframe[title="Card details"]'), VISA);
  await payer.getByRole('button', { name: 'Review Payment' }).click();
  await payer
    .getByRole('region', { name: 'Payment summary' })
    .getByRole('button', { name: /^Pay \$/ })
    .click();
  await expect(payer.getByText('Approved', { exact: true })).toBeVisible();
  expect(payerErrors).toEqual([]);
  await phone.close();

  // The clock moves on: no third reminder.
  await advanceDays(5);
  const paid = await openRequest(page, name, 'paid');
  await expect(paid.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(
    paid.getByRole('region', { name: 'Last Reminder Sent' }).getByRole('list', { name: 'Reminder history' }),
  ).toHaveCount(1);
  await expect(
    paid
      .getByRole('region', { name: 'Last Reminder Sent' })
      .getByRole('list', { name: 'Reminder history' })
      .getByRole('listitem'),
  ).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(await outboxRows(page, request.link)).toHaveCount(6);

  expect(errors).toEqual([]);
});
