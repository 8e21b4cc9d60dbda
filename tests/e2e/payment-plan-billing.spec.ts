/**
 * A card plan's billing end to end, in Chromium, against a sandbox of its own (its clock moves and the
 * bell is opened: the other browser tests share theirs and must not see either). Its billing timer is
 * off: moving the sandbox clock runs the billing, and the clock's answer waits for it.
 *
 * - set-up through the API: a patient with an approving Visa and a declining Visa on file, a card
 *   plan with a down payment (charged at once); the clock moved a day (cycle 1 approved); cycle 2
 *   moved to the next day on the schedule and the plan's card switched to the declining one; the
 *   clock moved a day again (cycle 2 declined);
 * - the front desk in the portal: the bell has the practice's past-due notification for the plan and
 *   leads to it; the modal shows the red past-due alert with the amount, 'Cycle 2 of 3' and the
 *   declined item on the ledger; Retry Declined Payments with the declining card says why it was
 *   declined again; Change Card back to the approving Visa, Retry Declined Payments again: the alert
 *   goes and the ledger shows the approved retry.
 *
 * Every step is checked on the screen and in the plan the server stores. Pictures of the modal with
 * the past-due alert (light and dark) go to /tmp/billing-*.png.
 */
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CompanyNotification } from '../../embed-sdk/contract/notification.js';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { signInToPortal } from './support/portal.js';
import { sandboxApi, VISA } from './support/sandboxApi.js';

const DECLINING = '4000 0000 0000 0002';

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer();
});
test.afterAll(async () => server?.close());

const { api, storeCard, advanceClock } = sandboxApi(
  () => server.url,
  (who) => server.tokenFor(who),
);

const planOf = (id: number) => api<PaymentPlan>('frontdesk', 'GET', `/api/paymentPlan/?paymentPlanId=${id}`);

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('chairside.portal.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'chairside.portal.theme', newValue: t }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** A picture for a person to look at. */
async function shoot(target: Locator, name: string) {
  await target.page().mouse.move(0, 0);
  const shot = await target.screenshot({ animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(`/tmp/billing-${name}.png`, shot);
  await test.info().attach(`billing-${name}.png`, { body: shot, contentType: 'image/png' });
}

const panel = (modal: Locator, name: string) => modal.getByRole('region', { name });
const cycleRows = (modal: Locator, description: string) =>
  modal
    .getByRole('table', { name: 'Payment history' })
    .getByRole('row', { name: new RegExp(`^${description},`) });

test('a declined cycle: the bell, the past-due alert, and Retry Declined Payments after Change Card', async ({
  page,
}) => {
  // ── Set-up, through the API ───────────────────────────────────────────────────────────────
  const stamp = `${Date.now() % 100000}`;
  const patient = { firstName: 'Dana', lastName: `Billing${stamp}` };
  const name = `${patient.firstName} ${patient.lastName}`;
  const customer = await api<{ id: number }>('frontdesk', 'POST', '/api/customer/transition', {
    ...patient,
    email: `dana.billing${stamp}@example.com`,
    cell: `512556${stamp.slice(-4).padStart(4, '0')}`,
  });
  const visa = await storeCard(customer.id, VISA);
  const declining = await storeCard(customer.id, DECLINING);
  const { today } = await api<{ today: string }>('frontdesk', 'GET', '/sandbox/clock');
  // $700.00: $100.00 down, three weekly cycles of $200.00 (the practice surcharges credit cards 3 %).
  const created = await api<PaymentPlan>('frontdesk', 'POST', '/api/paymentPlan/create', {
    customerId: customer.id,
    total: 70_000,
    downPayment: 10_000,
    cycleCount: 3,
    frequency: 'WEEKLY',
    firstBillingDate: addDays(today, 1),
    customerSavedCardId: visa,
    approvedMethod: 'SIGNATURE',
    signature: name,
  });
  const id = created.id;
  expect(created).toMatchObject({ paidToDate: 10_000, balanceDue: 60_000, balancePastDue: 0 });

  // Cycle 1's day: approved.
  await advanceClock(1);
  let stored = await planOf(id);
  expect(stored).toMatchObject({ currentCycle: 1, paidToDate: 30_000, balancePastDue: 0 });
  // The front desk moves cycle 2 to the next day and puts the plan on the card that will decline.
  const cycle2 = stored.paymentPlanDetails.find((d) => d.cycle === 2)!;
  expect(cycle2.minDate).toBe(addDays(today, 2));
  await api('frontdesk', 'POST', '/api/paymentPlan/updateDetail', {
    paymentPlanId: id,
    id: cycle2.id,
    billingDate: cycle2.minDate,
    amountDue: cycle2.amountDue,
  });
  await api('frontdesk', 'POST', '/api/paymentPlan/setCustomerSavedCard', {
    paymentPlanId: id,
    customerSavedCardId: declining,
  });
  // Cycle 2's day: declined.
  await advanceClock(1);
  stored = await planOf(id);
  expect(stored).toMatchObject({
    status: 'ACTIVE',
    currentCycle: 2,
    cycleCount: 3,
    balancePastDue: 20_000,
    balanceDue: 40_000,
    customerSavedCardId: declining,
  });
  expect(stored.paymentPlanDetails.find((d) => d.cycle === 2)).toMatchObject({ disposition: 'DECLINED' });
  // The practice's past-due notification (the bell's answer).
  const bellAnswer = await api<{ notifications: CompanyNotification[] }>(
    'frontdesk',
    'GET',
    '/api/companyNotification/getLatestNotifications',
  );
  expect(bellAnswer.notifications.filter((n) => n.paymentPlanId === id)).toEqual([
    expect.objectContaining({ type: 'PAYMENTPLAN_PASTDUE', amountDue: 20_000, ...patient }),
  ]);

  // ── The front desk, in the portal ─────────────────────────────────────────────────────────
  await signInToPortal(page, 'frontdesk', `${server.url}/#/dashboard`);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  const notice = bell.getByRole('listitem').filter({ hasText: `Payment Plan ID ${id}` });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(name);
  await expect(notice).toContainText('$200.00');
  await expect(notice).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M/);
  await notice.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/paymentplans\\?paymentPlanId=${id}$`));

  const modal = page.getByRole('dialog', { name: `Payment Plan for ${name}` });
  await expect(modal).toBeVisible();
  const alert = modal.getByRole('group', { name: 'Past Due' });
  await expect(alert).toContainText('This payment plan has a past-due balance of $200.00.');
  await expect(alert.getByRole('button')).toHaveText([
    'Make a Payment',
    'Send Reminder',
    'Retry Declined Payments',
  ]);
  await expect(modal.getByRole('progressbar', { name: /^Cycle 2 of 3/ })).toBeVisible();
  await expect(panel(modal, 'Balance')).toContainText('$400.00');
  await expect(panel(modal, 'Balance')).toContainText('Past due: $200.00');
  await expect(panel(modal, 'Card on File')).toContainText('•••• 0002');
  const declinedRow = cycleRows(modal, 'Cycle 2 of 3');
  await expect(declinedRow).toHaveCount(1);
  await expect(declinedRow).toContainText('Declined');
  await expect(declinedRow).toContainText('Card declined');
  await expect(declinedRow).toContainText('$206.00');
  await expect(cycleRows(modal, 'Cycle 1 of 3')).toContainText('Approved');
  await shoot(modal, 'past-due-light');
  await setTheme(page, 'dark');
  await shoot(modal, 'past-due-dark');
  await setTheme(page, 'light');

  // Retried on the same card: declined again, and the modal says why.
  const retry = alert.getByRole('button', { name: 'Retry Declined Payments' });
  await retry.click();
  const declined = modal.getByRole('group', { name: 'Transaction Declined' });
  await expect(declined).toContainText('Card declined');
  await expect(alert).toContainText('$200.00');
  await expect(cycleRows(modal, 'Cycle 2 of 3')).toHaveCount(2);
  await shoot(modal, 'retry-declined-light');
  stored = await planOf(id);
  expect(stored.balancePastDue).toBe(20_000);
  expect(stored.ledgerDtos.filter((l) => l.description === 'Cycle 2 of 3').map((l) => l.status)).toEqual([
    'DECLINED',
    'DECLINED',
  ]);

  // Change Card back to the approving Visa.
  await panel(modal, 'Card on File').getByRole('button', { name: 'Change Card' }).click();
  const picker = page.getByRole('dialog', { name: 'Change Card' });
  await expect(picker.getByRole('radio', { name: /0002.*Current card/ })).toBeChecked();
  await picker.getByRole('radio', { name: /1111/ }).check();
  await picker.getByRole('button', { name: 'Use This Card' }).click();
  await expect(
    page.getByText('Card Attached: The selected card will be used for this payment plan going forward.'),
  ).toBeVisible();
  await expect(picker).toBeHidden();
  await expect(panel(modal, 'Card on File')).toContainText('•••• 1111');

  // Retried on the Visa: approved; nothing is past due any more.
  await retry.click();
  await expect(page.getByText('Your declined transactions have been processed.')).toBeVisible();
  await expect(alert).toBeHidden();
  await expect(declined).toBeHidden();
  await expect(panel(modal, 'Balance')).toHaveText(/^Balance\$200\.00/);
  await expect(panel(modal, 'Balance')).not.toContainText('Past due');
  await expect(panel(modal, 'Payments Received')).toContainText('$500.00');
  const cycle2Rows = cycleRows(modal, 'Cycle 2 of 3');
  await expect(cycle2Rows).toHaveCount(3);
  await expect(cycle2Rows.filter({ hasText: 'Approved' })).toHaveCount(1);
  await expect(cycle2Rows.filter({ hasText: 'Approved' })).toContainText('$206.00');
  await expect(cycle2Rows.filter({ hasText: 'Approved' })).toContainText('•••• 1111');
  await shoot(modal, 'retried-light');

  stored = await planOf(id);
  expect(stored).toMatchObject({
    status: 'ACTIVE',
    balancePastDue: 0,
    balanceDue: 20_000,
    paidToDate: 50_000,
    customerSavedCardId: visa,
  });
  expect(stored.paymentPlanDetails.find((d) => d.cycle === 2)).toMatchObject({ disposition: 'APPROVED' });
  const retried = stored.ledgerDtos.filter((l) => l.description === 'Cycle 2 of 3');
  expect(retried.map((l) => l.status)).toEqual(['DECLINED', 'DECLINED', 'APPROVED']);
  expect(retried[2]).toMatchObject({
    fundingSource: 'CARD',
    cardDescription: '•••• 1111',
    orderAmount: 20_000,
    surcharge: 600,
    amount: 20_600,
  });
});
