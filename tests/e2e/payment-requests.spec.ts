/**
 * Payment requests end to end, in Chromium, against the e2e sandbox (its hub, its card provider, its
 * outbox):
 * - a front-desk user sends a request from the Payment Requests page; the patient opens the link in
 *   another browser (a phone, in the dark theme) and the open modal shows the viewing at once; a
 *   declined card, then an approved one, appear in the modal's Payment Activity as they happen, and
 *   the request turns paid;
 * - Send Reminder (the history grows, the outbox gets the reminder), Copy Link (the clipboard, and
 *   its failure), Cancel with its confirmation (the link then says so and takes no payment, on a
 *   desktop in the light theme);
 * - the patient page lists the patient's requests and sends a new one;
 * - a viewer sees no actions, and the server refuses them the changes with their own token.
 * Screenshots of each screen go to .cache/shots (light, and the page and modal in dark).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP_LIGHT, expectFitsView, PHONE_DARK, patientBrowser } from './support/patientView.js';
import { accessToken, signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';
/** Declines every charge: "Card declined" (server/card-provider/TEST-CARDS.md). */
const DECLINED = '4000 0000 0000 0002';
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/shots');

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  link: string | null;
  created: string;
}

interface RequestValue {
  id: string;
  customerId: number;
  patientKey: number | null;
  firstName: string;
  lastName: string;
  eMail: string;
  toPhone: string;
  amount: number;
  status: 'UNPAID' | 'PAID' | 'CANCELLED';
  link: string | null;
}

interface Envelope<T> {
  isSuccess: boolean;
  value: T | null;
  errors: string[];
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `payment-requests-${name}.png`) });
}

/** Calls the API as the person signed in on `page`, with their own token. */
async function api<T>(page: Page, path: string, body?: unknown) {
  const headers = {
    authorization: `Bearer ${await accessToken(page)}`,
    'idempotency-key': crypto.randomUUID(),
  };
  const answer =
    body === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body });
  return { status: answer.status(), body: (await answer.json()) as Envelope<T> };
}

interface Customer {
  id: number;
  key: number;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}

/** A seeded patient of the signed-in person's practice, with their contact details. */
async function customerNamed(page: Page, name: string): Promise<Customer> {
  const found = await api<{ id: number; firstName: string; lastName: string }[]>(
    page,
    `/api/customer/searchCustomer?name=${encodeURIComponent(name)}`,
  );
  const match = found.body.value!.find((c) => `${c.firstName} ${c.lastName}` === name);
  expect(match, `${name} is a seeded customer`).toBeTruthy();
  return (await api<Customer>(page, `/api/customer/getCustomer?id=${match!.id}`)).body.value!;
}

/** Sends Maria Garcia a payment request through the API, as the person signed in on `page`. */
async function sendToMaria(page: Page, amount: number): Promise<RequestValue> {
  const maria = await customerNamed(page, 'Maria Garcia');
  const created = await api<RequestValue>(page, '/api/notification/create', {
    customerId: maria.id,
    amount,
    notifyText: true,
    cell: maria.cell,
    notifyEmail: true,
    email: maria.email,
    message: 'For your cleaning on Tuesday.',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.value!;
}

/** The messages with this link in the outbox, read as the person signed in on `page`. */
async function outboxFor(page: Page, link: string): Promise<OutboxMessage[]> {
  const { body } = await api<{ messages: OutboxMessage[] }>(page, '/sandbox/outbox.json?limit=100');
  return body.value!.messages.filter((m) => m.link === link);
}

/** Opens a request's modal from the Payment Requests page (its row shows its amount). */
async function openFromList(page: Page, name: string, amount: string): Promise<Locator> {
  await page.goto('/#/notifications?status=unpaid');
  const row = page.getByRole('row').filter({ hasText: amount });
  await row.getByRole('button', { name }).click();
  const modal = page.getByRole('dialog', { name: `Payment Request for ${name}` });
  await expect(modal.getByRole('list', { name: 'Progress' })).toBeVisible();
  return modal;
}

/**
 * A banner of the portal's stack, found as assistive technology finds it: by the stack's role and
 * name. While a modal is open, Fluent hides the rest of the page from the accessibility tree; the
 * stack is left out of that, so what a dialog's action raises is still announced.
 */
const banner = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Messages' }).locator('.fui-MessageBar').filter({ hasText: text });

/** The modal's Viewed step. */
const viewedStep = (modal: Locator) =>
  modal.getByRole('list', { name: 'Progress' }).getByRole('listitem').filter({ hasText: 'Viewed' });

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).map(Number) as [number, number, number];
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test('a payment request goes from sent to viewed to paid, live in the open modal', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInToPortal(page, 'frontdesk', '/#/notifications?status=unpaid');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Requests' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('unpaid');
  await expect(page.getByRole('table', { name: 'Payment requests' }).getByRole('row')).not.toHaveCount(1);
  await shot(page, 'page');

  // New Payment Request: the patient, the amount, channels prefilled from the patient.
  const before = Date.now();
  await page.getByRole('button', { name: 'New Payment Request' }).click();
  const form = page.getByRole('dialog', { name: 'New Payment Request' });
  await form.getByRole('combobox', { name: /Patient/ }).pressSequentially('Maria Gar');
  await page
    .getByRole('option', { name: /Maria Garcia/ })
    .first()
    .click();
  await expect(form.getByRole('textbox', { name: /Email address/ })).not.toHaveValue('');
  await expect(form.getByRole('textbox', { name: /Mobile phone/ })).not.toHaveValue('');
  await form.getByRole('textbox', { name: /Amount/ }).fill('45.00');
  await form.getByRole('textbox', { name: /Message/ }).fill('Your crown balance.');
  await shot(page, 'new-request');
  await form.getByRole('button', { name: 'Send Request' }).click();

  // The new request opens in its detail modal, not viewed yet.
  const modal = page.getByRole('dialog', { name: 'Payment Request for Maria Garcia' });
  await expect(modal.getByRole('region', { name: 'Amount Requested' })).toContainText('$45.00');
  await expect(modal.getByRole('button', { name: 'Send Reminder' })).toBeVisible();
  await expect(viewedStep(modal)).toContainText('Not yet');

  // The outbox holds the link.
  let link: string | null = null;
  await expect(async () => {
    const { body: outbox } = await api<{ messages: OutboxMessage[] }>(page, '/sandbox/outbox.json?limit=20');
    const sent = outbox.value!.messages.filter((m) => Date.parse(m.created) >= before - 60_000 && m.link);
    link =
      sent.find((m) => /\/p\//.test(m.link ?? '') && m.body.includes('Your crown balance.'))?.link ?? null;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  // The patient opens the link in another browser, on a phone in the dark theme, without signing in:
  // the open modal shows the viewing without a reload.
  const patientBrowsing = await patientBrowser(browser, PHONE_DARK);
  const patient = patientBrowsing.page;
  await patient.goto(link!);
  await expect(patient.getByRole('heading', { name: 'Hi Maria,' })).toBeVisible();
  await expect(patient.getByText('Your crown balance.')).toBeVisible();
  await expect(viewedStep(modal)).not.toContainText('Not yet', { timeout: 15_000 });
  await expect(viewedStep(modal)).toContainText(/\d\d\/\d\d\/\d{4}/);
  await expect(patient.frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeEditable();
  // Before the card is known: the rate a credit card carries, and no total with it.
  await expect(
    patient.getByText(/Credit cards carry a 3% surcharge\. Debit and prepaid cards carry none\./),
  ).toBeVisible();
  await expect(patient.getByText('$46.35')).toHaveCount(0);
  await expectFitsView(patient, PHONE_DARK);
  await shot(patient, 'public-open');

  // A declined card: the surcharge is its own line before paying; the modal shows the decline live.
  // On the phone the patient taps.
  await typeCard(patient.frameLocator('iframe[title="Card details"]'), DECLINED);
  await patient.getByRole('button', { name: 'Review Payment' }).tap();
  const summary = patient.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText('Amount$45.00');
  await expect(summary).toContainText('Credit card surcharge$1.35');
  await expect(summary).toContainText('Total$46.35');
  await expectFitsView(patient, PHONE_DARK);
  await shot(patient, 'public-before-paying');
  await summary.getByRole('button', { name: 'Pay $46.35' }).tap();
  await expect(patient.getByText('Declined', { exact: true })).toBeVisible();
  await expect(patient.getByText(/Card declined/)).toBeVisible();
  const activity = modal.getByRole('table', { name: 'Payment Activity' });
  await expect(activity).toContainText('Declined: Card declined', { timeout: 15_000 });
  await expect(modal.getByRole('button', { name: 'Send Reminder' })).toBeVisible();

  // Another card, approved: the modal turns paid with the surcharge split, and its actions go.
  await patient.getByRole('button', { name: 'Try another card' }).tap();
  await typeCard(patient.frameLocator('iframe[title="Card details"]'), VISA);
  await patient.getByRole('button', { name: 'Review Payment' }).tap();
  await summary.getByRole('button', { name: 'Pay $46.35' }).tap();
  await expect(patient.getByText('Approved', { exact: true })).toBeVisible();

  const paid = modal.getByRole('region', { name: 'Amount Paid' });
  await expect(paid).toBeVisible({ timeout: 15_000 });
  await expect(paid).toContainText('$45.00');
  await expect(paid).toContainText('Surcharge: $1.35');
  await expect(paid).toContainText('Card Processed: $46.35');
  await expect(modal.getByText('Paid', { exact: true }).first()).toBeVisible();
  for (const name of ['Send Reminder', 'Copy Link', 'Cancel']) {
    await expect(modal.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  const rows = activity.getByRole('row');
  await expect(rows).toHaveCount(3); // the header, the approval, the decline
  await expect(rows.nth(1)).toContainText('Approved');
  await expect(rows.nth(1)).toContainText('$46.35');
  await expect(rows.nth(2)).toContainText('Declined: Card declined');
  await modal.getByText('Payment Activity', { exact: true }).first().scrollIntoViewIfNeeded();
  await shot(page, 'modal-paid');

  // The link now says it was paid and takes no payment.
  await patient.reload();
  await expect(patient.getByText('This payment request has been paid.')).toBeVisible();
  await expect(patient.getByText(/\$46\.35 was paid on/)).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Review Payment' })).toHaveCount(0);
  await expectFitsView(patient, PHONE_DARK);
  await shot(patient, 'public-paid');
  expect(patientBrowsing.errors).toEqual([]);
  await patientBrowsing.close();

  // The list shows it paid, with the surcharge; in the dark theme the page and the modal follow.
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await page.goto('/#/notifications?status=paid');
  const paidRow = page.getByRole('row').filter({ hasText: '$45.00 + $1.35 surcharge' }).first();
  await expect(paidRow).toContainText('$46.35');
  await page.evaluate(() => localStorage.setItem('chairside.portal.theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Requests' })).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: '$45.00 + $1.35 surcharge' })
    .first()
    .getByRole('button')
    .click();
  const darkModal = page.getByRole('dialog', { name: 'Payment Request for Maria Garcia' });
  await expect(darkModal.getByRole('table', { name: 'Payment Activity' })).toBeVisible();
  expect(luminance(await darkModal.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.3);
  expect(luminance(await darkModal.evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(0.7);
  await shot(page, 'modal-paid-dark');
  await page.keyboard.press('Escape');
  await expect(darkModal).toHaveCount(0);
  await shot(page, 'page-dark');
  await page.evaluate(() => localStorage.setItem('chairside.portal.theme', 'light'));
});

test('Send Reminder, Copy Link and Cancel, as the front desk', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  // The page's clock runs as time does, and is moved past the banners' 5 s below.
  await page.clock.install();
  await signInToPortal(page, 'frontdesk', '/#/notifications');
  const request = await sendToMaria(page, 6_123);
  expect(await outboxFor(page, request.link!)).toHaveLength(2); // the e-mail and the text

  const modal = await openFromList(page, 'Maria Garcia', '$61.23');
  const lastReminder = modal.getByRole('region', { name: 'Last Reminder Sent' });
  await expect(lastReminder).toContainText('No reminders sent');

  // Two reminders: each shows in the history, and each goes out again on both channels.
  for (const count of [1, 2]) {
    await modal.getByRole('button', { name: 'Send Reminder' }).click();
    await expect(banner(page, 'Reminder Sent').first()).toBeVisible();
    await expect(
      lastReminder.getByRole('list', { name: 'Reminder history' }).getByRole('listitem'),
    ).toHaveCount(count);
  }
  await expect(lastReminder).not.toContainText('No reminders sent');
  const sent = await outboxFor(page, request.link!);
  const reminders = sent.filter((m) =>
    m.body.includes('Reminder: your payment request for $61.23 is still open'),
  );
  expect(reminders.map((m) => m.channel).sort()).toEqual(['SMS', 'SMS']);
  expect(
    sent.filter((m) => m.subject === 'Reminder: payment request from Bright Smiles Dental'),
  ).toHaveLength(2);
  await page.clock.runFor(5_500); // the banners close after 5 s
  await expect(banner(page, 'Reminder Sent')).toHaveCount(0);
  await shot(page, 'modal-unpaid-reminders');

  // Copy Link puts the request's link on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await modal.getByRole('button', { name: 'Copy Link' }).click();
  await expect(banner(page, 'Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(request.link);

  // When the browser refuses, the message says so, with the browser's reason.
  await page.evaluate(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    });
  });
  await modal.getByRole('button', { name: 'Copy Link' }).click();
  const refused = banner(page, 'Unable to copy to clipboard');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('Write permission denied.');

  // Cancel asks first; keeping it changes nothing.
  await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Payment Request' });
  await expect(confirm).toContainText('Are you sure you want to cancel this payment request?');
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toHaveCount(0);
  expect(
    (await api<RequestValue>(page, `/api/notification/getnotification?id=${request.id}`)).body.value!.status,
  ).toBe('UNPAID');
  await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
  await confirm.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(banner(page, 'Payment Request Removed')).toBeVisible();
  await expect(modal.getByText('Cancelled', { exact: true })).toBeVisible();
  for (const name of ['Send Reminder', 'Copy Link', 'Cancel']) {
    await expect(modal.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  expect(
    (await api<RequestValue>(page, `/api/notification/getnotification?id=${request.id}`)).body.value!.status,
  ).toBe('CANCELLED');

  // The link says it was cancelled and takes no payment (on a desktop, in the light theme).
  const patientBrowsing = await patientBrowser(page.context().browser()!, DESKTOP_LIGHT);
  const patient = patientBrowsing.page;
  await patient.goto(request.link!);
  await expect(patient.getByText('This payment request has been cancelled.')).toBeVisible();
  await expect(patient.getByText(/It no longer takes a payment\./)).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Review Payment' })).toHaveCount(0);
  await expect(patient.locator('iframe[title="Card details"]')).toHaveCount(0);
  await expectFitsView(patient, DESKTOP_LIGHT);
  await shot(patient, 'public-cancelled');
  const token = new URL(request.link!).pathname.replace('/p/', '');
  const pay = await patient.request.post('/api/public/paymentRequest/pay', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { token, nonce: 'nonce-that-was-never-issued', total: 6_123 },
  });
  expect(((await pay.json()) as Envelope<unknown>).errors).toEqual([
    'This payment request has been cancelled by the practice, so it can no longer be paid.',
  ]);
  await patientBrowsing.close();
});

test('a banner raised in the open modal (Reminder Sent) reaches screen readers', async ({ page }) => {
  await page.clock.install();
  await signInToPortal(page, 'frontdesk', '/#/notifications');
  await sendToMaria(page, 6_124);
  const modal = await openFromList(page, 'Maria Garcia', '$61.24');
  await page.clock.runFor(5_500); // the banners of sending close after 5 s
  // The live region is in place, empty, before the banner: screen readers announce what is added.
  const live = page.getByTestId('banner-live-region');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).toHaveText('');

  await modal.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(live).toContainText('Reminder Sent');
  await expect(modal).toBeVisible();
  const hidden = await live.evaluate((region) => {
    const hiddenAncestors: string[] = [];
    for (let el: Element | null = region; el; el = el.parentElement) {
      if (el.getAttribute('aria-hidden') === 'true') hiddenAncestors.push(el.tagName);
    }
    // The modal does hide the page behind it: the check below means something.
    const pageBehind = document.getElementById('root');
    return { hiddenAncestors, pageBehindHidden: !!pageBehind?.closest('[aria-hidden="true"]') };
  });
  expect(hidden).toEqual({ hiddenAncestors: [], pageBehindHidden: true });
  // And by role, as assistive technology finds it.
  await expect(
    page.getByRole('region', { name: 'Messages' }).getByRole('status').filter({ hasText: 'Reminder Sent' }),
  ).toBeVisible();
});

test("the patient page lists the patient's requests and sends a new one", async ({ page }) => {
  test.setTimeout(90_000);
  await signInToPortal(page, 'frontdesk', '/#/notifications');
  const request = await sendToMaria(page, 7_777);
  await page.goto(`/#/Customer/${request.customerId}?key=${request.patientKey}`);
  const requests = page.getByRole('table', { name: 'Payment requests of Maria Garcia' });
  await expect(requests.getByRole('row').filter({ hasText: '$77.77' })).toHaveCount(1);
  const before = await requests.getByRole('row').count();

  await page.getByRole('button', { name: 'New Payment Request' }).click();
  const form = page.getByRole('dialog', { name: 'New Payment Request' });
  // The patient is known: no search, only their name.
  await expect(form.getByRole('combobox', { name: /Patient/ })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: /Patient/ })).toHaveValue('Maria Garcia');
  await expect(form.getByRole('textbox', { name: /Email address/ })).toHaveValue(request.eMail);
  await form.getByRole('textbox', { name: /Amount/ }).fill('12.34');
  await form.getByRole('button', { name: 'Send Request' }).click();

  const modal = page.getByRole('dialog', { name: 'Payment Request for Maria Garcia' });
  await expect(modal.getByRole('region', { name: 'Amount Requested' })).toContainText('$12.34');
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(requests.getByRole('row')).toHaveCount(Math.min(before + 1, 11));
  await expect(requests.getByRole('row').nth(1)).toContainText('$12.34');
});

test('a viewer sees no actions, and the server refuses them the changes', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToPortal(page, 'viewer', '/#/notifications?status=unpaid');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Requests' })).toBeVisible();
  const list = await api<{ notifications: RequestValue[] }>(page, '/api/notification/list', {
    statuses: ['UNPAID'],
  });
  const request = list.body.value!.notifications[0]!;
  const before = await api<RequestValue>(page, `/api/notification/getnotification?id=${request.id}`);
  expect(request.link).toBeNull(); // no link to copy for a viewer
  await expect(page.getByRole('button', { name: 'New Payment Request' })).toHaveCount(0);

  const name = `${request.firstName} ${request.lastName}`;
  await page.getByRole('button', { name }).first().click();
  const modal = page.getByRole('dialog', { name: `Payment Request for ${name}` });
  await expect(modal.getByRole('list', { name: 'Progress' })).toBeVisible();
  await expect(modal.getByRole('region', { name: 'Amount Requested' })).toBeVisible();
  for (const action of ['Send Reminder', 'Copy Link', 'Cancel']) {
    await expect(modal.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await modal.getByRole('button', { name: 'Close' }).last().click();

  // The patient page shows their requests, without New Payment Request.
  await page.goto(`/#/Customer/${request.customerId}?key=${request.patientKey}`);
  await expect(page.getByRole('table', { name: `Payment requests of ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Payment Request' })).toHaveCount(0);

  // Called directly with the viewer's own token, every change is refused and nothing changes.
  const refusals = [
    ['/api/notification/remind', { ids: [request.id] }],
    ['/api/notification/remove', { ids: [request.id] }],
    [
      '/api/notification/create',
      {
        customerId: request.customerId,
        amount: 100,
        notifyText: false,
        notifyEmail: true,
        email: 'someone@example.com',
      },
    ],
  ] as const;
  for (const [path, body] of refusals) {
    const answer = await api(page, path, body);
    expect(answer.status, path).toBe(403);
    expect(answer.body.errors, path).toEqual(['This needs the EDITPAYMENTREQUESTS role.']);
  }
  const after = await api<RequestValue>(page, `/api/notification/getnotification?id=${request.id}`);
  expect(after.body.value).toMatchObject({ status: 'UNPAID' });
  expect(after.body.value).toEqual(before.body.value);
});
