/**
 * The payment plan modal's Schedule and Payment History tabs end to end, in Chromium, against the
 * e2e sandbox: the real <chairside-payment-plan> element on a plain host page (one script tag, the
 * token auth mode), a card plan made through the API, and the front desk working it:
 *
 * - the schedule's columns (surcharge and total: the practice surcharges credit cards), the down
 *   payment, the date subtitles;
 * - edit a cycle's date and amount with the remaining cycles updated;
 * - Process Payment (approved, then declined with a declining card on file);
 * - each skip: to the next cycle, to the last cycle, to a new cycle;
 * - on the ledger: 'Remove Ledger Item' and 'Remove and Create New Cycle' on declined items, a cash
 *   refund, the card payment the front desk may not void, a void by an administrator, and, once the
 *   provider's batch has settled it (the sandbox clock moved a day), a card refund.
 *
 * Every change is checked where it lands: on the screen and in the plan the server stores.
 * A viewer sees the tables without any menu. Screenshots go to /tmp/schedule-helper-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { baseURL } from '../../playwright.config.js';
import { signIn as tokensFor } from '../support/oidc.js';
import { sandboxApi, VISA, type Who } from './support/sandboxApi.js';
import { acceptTermsAs } from './support/signIn.js';

const DECLINING_CARD = '4000 0000 0000 0002';
const SHOT = (name: string) => `/tmp/schedule-helper-${name}.png`;

const tokens = new Map<Who, string>();

async function tokenOf(who: Who): Promise<string> {
  if (!tokens.has(who)) {
    // The seeded viewer has not accepted the terms; this file is about the schedule.
    if (who === 'viewer') await acceptTermsAs(baseURL, 'viewer@chairside.test');
    tokens.set(who, (await tokensFor(baseURL, `${who}@chairside.test`)).access_token);
  }
  return tokens.get(who)!;
}

const { api, storeCard } = sandboxApi(() => baseURL, tokenOf);

const planOf = (id: number) => api<PaymentPlan>('frontdesk', 'GET', `/api/paymentPlan/?paymentPlanId=${id}`);

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A plain host page on the sandbox's origin: embed.js, the token callback, and the element. */
async function openPlan(page: Page, who: Who, planId: number, theme: 'light' | 'dark' = 'light') {
  const token = await tokenOf(who);
  await page.route(`${baseURL}/__plan-host.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plan host</title>
<script>
  window.Chairside = { q: [['init', { apiBaseUrl: location.origin, theme: ${JSON.stringify(theme)},
    auth: { mode: 'token', getToken: () => ${JSON.stringify(token)} } }]] };
</script>
<script src="/embed.js" async></script></head>
<body style="margin:0;font-family:sans-serif"><chairside-payment-plan plan-id="${planId}" theme="${theme}"></chairside-payment-plan></body></html>`,
    }),
  );
  await page.goto(`${baseURL}/__plan-host.html`);
  const modal = page.getByRole('dialog', { name: /^Payment Plan for / });
  await expect(modal).toBeVisible({ timeout: 20_000 });
  return modal;
}

function scheduleOf(modal: Locator) {
  return modal.getByRole('table', { name: 'Payment schedule' });
}
function ledgerOf(modal: Locator) {
  return modal.getByRole('table', { name: 'Payment history' });
}
const rowOf = (table: Locator, name: string) => table.getByRole('row', { name, exact: true });

async function choose(page: Page, table: Locator, rowName: string, item: string) {
  await rowOf(table, rowName)
    .getByRole('button', { name: `Actions for ${rowName}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The row's cells as text. */
async function cells(row: Locator): Promise<string[]> {
  return row.getByRole('cell').allInnerTexts();
}

async function shoot(page: Page, name: string, target?: Locator) {
  await page.mouse.move(0, 0);
  await (target ?? page).screenshot({ path: SHOT(name), animations: 'disabled', caret: 'hide' });
}

test.describe.configure({ mode: 'serial' });

/** Plan A: a card plan, $1,000.00 with $100.00 down and six monthly cycles of $150.00. */
let planA = 0;
/** Plan B: its card declines; the down payment and cycle 1, due today, are past due. */
let planB = 0;
let customerId = 0;
let today = '';

test.beforeAll(async () => {
  today = ((await (await fetch(`${baseURL}/sandbox/clock`)).json()) as { value: { today: string } }).value
    .today;
  const customer = await api<{ id: number }>('frontdesk', 'POST', '/api/customer/transition', {
    firstName: 'Sofia',
    lastName: 'Schedule',
    email: 'sofia.schedule@example.com',
    cell: '5125550199',
  });
  customerId = customer.id;
  const visa = await storeCard(customerId, VISA);
  planA = (
    await api<PaymentPlan>('frontdesk', 'POST', '/api/paymentPlan/create', {
      customerId,
      total: 100_000,
      downPayment: 10_000,
      cycleCount: 6,
      frequency: 'MONTHLY',
      firstBillingDate: addDays(today, 5),
      customerSavedCardId: visa,
      approvedMethod: 'VERBAL',
    })
  ).id;
  const declining = await storeCard(customerId, DECLINING_CARD, true);
  const b = await api<PaymentPlan>('frontdesk', 'POST', '/api/paymentPlan/create', {
    customerId,
    total: 30_000,
    downPayment: 10_000,
    cycleCount: 2,
    frequency: 'MONTHLY',
    firstBillingDate: today,
    customerSavedCardId: declining,
    approvedMethod: 'VERBAL',
  });
  planB = b.id;
  expect((await planOf(planB)).balancePastDue).toBe(20_000);
});

test('the front desk edits, processes and skips cycles on the schedule', async ({ page }) => {
  test.setTimeout(180_000);
  const modal = await openPlan(page, 'frontdesk', planA);
  await expect(modal).toHaveAccessibleName('Payment Plan for Sofia Schedule');
  await modal.getByRole('tab', { name: 'Schedule' }).click();
  const schedule = scheduleOf(modal);
  await expect(schedule).toBeVisible();

  // The columns: the plan's card is a credit card at a surcharging practice.
  await expect(schedule.getByRole('columnheader')).toHaveText([
    'Cycle',
    'Date',
    'Amount',
    'Surcharge',
    'Total',
    'Action',
  ]);
  const initial = await planOf(planA);
  const [, c1, c2, c3] = initial.paymentPlanDetails;
  expect(c1!.billingDate).toBe(addDays(today, 5));
  await expect(rowOf(schedule, 'Cycle 1').getByRole('button')).toBeVisible();
  expect(await cells(rowOf(schedule, 'Down Payment'))).toEqual([
    'Down Payment',
    `${usDate(today)}\nCompleted`,
    '$100.00',
    '$3.00',
    '$103.00',
    'Paid',
  ]);
  expect((await cells(rowOf(schedule, 'Cycle 1'))).slice(0, 5)).toEqual([
    '1',
    `${usDate(c1!.billingDate)}\nin 5 days`,
    '$150.00',
    '$4.50',
    '$154.50',
  ]);
  await expect(rowOf(schedule, 'Down Payment').getByRole('button')).toHaveCount(0);
  await shoot(page, 'schedule', modal);

  // The menus: Process Payment only on the next scheduled payment, no skips on the last row.
  await rowOf(schedule, 'Cycle 1').getByRole('button', { name: 'Actions for Cycle 1' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Edit',
    'Process Payment',
    'Skip and Add to Next Cycle',
    'Skip and Add to Last Cycle',
    'Skip and Create New Cycle',
  ]);
  await shoot(page, 'menu');
  await page.keyboard.press('Escape');
  await rowOf(schedule, 'Cycle 6').getByRole('button', { name: 'Actions for Cycle 6' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit']);
  await page.keyboard.press('Escape');

  // Edit cycle 2: three days later and $100.00, the remaining cycles updated.
  await choose(page, schedule, 'Cycle 2', 'Edit');
  const editing = rowOf(schedule, 'Cycle 2 (editing)');
  const date = editing.getByLabel('Billing date');
  await expect(date).toHaveAttribute('min', c1!.billingDate);
  await expect(date).toHaveAttribute('max', c3!.billingDate);
  await editing.getByRole('checkbox', { name: 'Update the remaining cycles' }).check();
  await expect(date).not.toHaveAttribute('max');
  const newDate = addDays(c2!.billingDate, 3);
  await date.fill(newDate);
  await editing.getByRole('textbox', { name: 'Amount' }).fill('100');
  await expect(editing.getByRole('cell').nth(3)).toHaveText('$3.00');
  await shoot(page, 'edit', modal);
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment plan has been updated')).toBeVisible();
  await expect(rowOf(schedule, 'Cycle 2')).toContainText('$100.00');
  await expect(rowOf(schedule, 'Cycle 2')).toContainText(usDate(newDate));
  // $900.00 left after the down payment: $150.00 + $100.00, and $650.00 shared by the four after.
  await expect(rowOf(schedule, 'Cycle 3')).toContainText('$162.50');
  await expect(rowOf(schedule, 'Cycle 6')).toContainText('$162.50');
  let stored = await planOf(planA);
  expect(stored.paymentPlanDetails.map((d) => [d.cycle, d.amountDue])).toEqual([
    [0, 10_000],
    [1, 15_000],
    [2, 10_000],
    [3, 16_250],
    [4, 16_250],
    [5, 16_250],
    [6, 16_250],
  ]);
  expect(stored.paymentPlanDetails[2]!.billingDate).toBe(newDate);
  expect(stored.paymentPlanDetails[3]!.billingDate > c3!.billingDate).toBe(true);

  // Process Payment on cycle 1, after the confirmation: approved.
  await choose(page, schedule, 'Cycle 1', 'Process Payment');
  const process = page.getByRole('alertdialog', { name: 'Process Payment' });
  await expect(process).toContainText(
    'Charge $154.50 ($150.00 plus a $4.50 surcharge) to Visa •••• 1111 now?',
  );
  await shoot(page, 'process-confirm');
  await process.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.getByText('Your transaction was completed.')).toBeVisible();
  await expect(rowOf(schedule, 'Cycle 1')).toContainText('Completed');
  await expect(rowOf(schedule, 'Cycle 1')).toContainText('Paid');

  // The three skips, each confirmed.
  await choose(page, schedule, 'Cycle 2', 'Skip and Add to Next Cycle');
  let confirm = page.getByRole('alertdialog', { name: 'Skip and Add to Next Cycle' });
  await expect(confirm).toContainText(
    'Cycle 2 will have nothing due, and its $100.00 will be added to Cycle 3',
  );
  await confirm.getByRole('button', { name: 'Skip Cycle' }).click();
  await expect(rowOf(schedule, 'Cycle 3')).toContainText('$262.50');
  await expect(rowOf(schedule, 'Cycle 2')).toContainText('$0.00');

  await choose(page, schedule, 'Cycle 3', 'Skip and Add to Last Cycle');
  confirm = page.getByRole('alertdialog', { name: 'Skip and Add to Last Cycle' });
  await expect(confirm).toContainText('will be added to the last cycle, Cycle 6');
  await confirm.getByRole('button', { name: 'Skip Cycle' }).click();
  await expect(rowOf(schedule, 'Cycle 6')).toContainText('$425.00');

  await choose(page, schedule, 'Cycle 4', 'Skip and Create New Cycle');
  confirm = page.getByRole('alertdialog', { name: 'Skip and Create New Cycle' });
  await confirm.getByRole('button', { name: 'Skip Cycle' }).click();
  await expect(rowOf(schedule, 'Cycle 7')).toContainText('$162.50');
  await expect(page.getByText('Payment plan updated', { exact: true }).first()).toBeVisible();
  stored = await planOf(planA);
  expect(stored.paymentPlanDetails.map((d) => [d.cycle, d.amountDue, d.processedToLedger])).toEqual([
    [0, 10_000, true],
    [1, 15_000, true],
    [2, 0, false],
    [3, 0, false],
    [4, 0, false],
    [5, 16_250, false],
    [6, 42_500, false],
    [7, 16_250, false],
  ]);
  expect(stored.paymentPlanTotal).toBe(100_000);
  // A row with nothing due offers no skip and no Process Payment.
  await rowOf(schedule, 'Cycle 2').getByRole('button', { name: 'Actions for Cycle 2' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit']);
  await page.keyboard.press('Escape');
  await shoot(page, 'schedule-after', modal);

  // With a declining card on file, Process Payment says why; the cycle stays scheduled.
  await api('frontdesk', 'POST', '/api/paymentPlan/setCustomerSavedCard', {
    paymentPlanId: planA,
    customerSavedCardId: await storeCard(customerId, DECLINING_CARD, true),
  });
  await page.reload();
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await modal.getByRole('tab', { name: 'Schedule' }).click();
  await choose(page, schedule, 'Cycle 5', 'Process Payment');
  await page
    .getByRole('alertdialog', { name: 'Process Payment' })
    .getByRole('button', { name: 'Process Payment' })
    .click();
  await expect(page.getByText('Transaction Declined')).toBeVisible();
  await expect(rowOf(schedule, 'Cycle 5').getByRole('button', { name: 'Actions for Cycle 5' })).toBeVisible();
  await modal.getByRole('tab', { name: 'Payment History' }).click();
  await expect(ledgerOf(modal).getByRole('row', { name: /^Cycle 5 of 7,/ })).toContainText('Declined');
});

test('the front desk removes and moves declined items, and refunds cash and card payments', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Plan B: both declined items are past due.
  let modal = await openPlan(page, 'frontdesk', planB);
  let ledger = ledgerOf(modal);
  const rowNamed = (table: Locator, description: string) =>
    table.getByRole('row', { name: new RegExp(`^${description},`) });
  await expect(ledger.getByRole('columnheader')).toHaveText([
    'Date and Time',
    'Description',
    'Funding Source',
    'Card',
    'Amount',
    'Surcharge',
    'Total',
    'Status',
    'Reason',
    'Action',
  ]);
  await expect(rowNamed(ledger, 'Down Payment')).toContainText('Declined');
  await expect(rowNamed(ledger, 'Cycle 1 of 2')).toContainText('Declined');
  await shoot(page, 'ledger-declined', modal);

  // 'Remove Ledger Item' on the down payment: a credit on the account.
  await rowNamed(ledger, 'Down Payment')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText(['Remove and Create New Cycle', 'Remove Ledger Item']);
  await page.getByRole('menuitem', { name: 'Remove Ledger Item' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Remove Ledger Item' });
  await expect(confirm).toContainText('The patient gets a credit of $100.00 on the account.');
  await shoot(page, 'remove-confirm');
  await confirm.getByRole('button', { name: 'Remove Item' }).click();
  await expect(
    page.getByText("The ledger item has been removed and $100.00 credited to the patient's account."),
  ).toBeVisible();
  await expect(rowNamed(ledger, 'Down Payment')).toHaveCount(0);
  await expect(ledger).toContainText('Credit Adjustment');

  // 'Remove and Create New Cycle' on cycle 1.
  await rowNamed(ledger, 'Cycle 1 of 2')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Remove and Create New Cycle' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Remove and Create New Cycle' });
  await expect(confirm).toContainText('add its $100.00 to the end of the payment schedule as a new cycle?');
  await confirm.getByRole('button', { name: 'Create New Cycle' }).click();
  await expect(
    page.getByText(
      'This amount has been removed from the balance and moved to the end of the payment schedule.',
    ),
  ).toBeVisible();
  await expect(rowNamed(ledger, 'Cycle 1 of 2')).toHaveCount(0);
  const b = await planOf(planB);
  expect(b).toMatchObject({ balancePastDue: 0, adjustments: 10_000, balanceDue: 20_000 });
  expect(b.paymentPlanDetails.at(-1)).toMatchObject({
    cycle: 3,
    amountDue: 10_000,
    processedToLedger: false,
  });

  // Plan A: a cash payment taken at the desk, refunded in full.
  await api('frontdesk', 'POST', '/api/PaymentPlan/processBalance', {
    paymentPlanId: planA,
    paymentType: 'CASH',
    amount: 5_000,
  });
  modal = await openPlan(page, 'frontdesk', planA);
  ledger = ledgerOf(modal);
  const cash = rowNamed(ledger, 'Payment');
  await expect(cash).toContainText('Cash');
  await cash.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Refund' }).click();
  // The transactions' Refund / Void form (the one form the lists, the plan and the membership open).
  const refund = page.getByRole('dialog', { name: 'Refund Transaction' });
  await expect(refund.getByRole('textbox', { name: 'Refund Amount' })).toHaveValue('50.00');
  await shoot(page, 'refund-cash');
  await refund.getByRole('button', { name: 'Process Refund' }).click();
  await expect(refund.getByRole('heading', { name: 'Transaction Refunded' })).toBeVisible();
  await expect(refund).toContainText('$50.00 has been refunded to the payment.');
  await refund.getByRole('button', { name: 'Close' }).click();
  await expect(cash).toContainText('Refunded');
  await expect(cash).toContainText('$50.00');

  // Cycle 1's card payment has not settled: voiding it is not the front desk's to do.
  await rowNamed(ledger, 'Cycle 1 of 6')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText(['Void (needs permission to void)']);
  await page.keyboard.press('Escape');

  // An administrator voids the down payment (unsettled).
  const adminPage = await browser.newPage();
  const adminModal = await openPlan(adminPage, 'admin', planA);
  const adminLedger = ledgerOf(adminModal);
  await rowNamed(adminLedger, 'Down Payment')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await adminPage.getByRole('menuitem', { name: 'Void' }).click();
  // The amount box holds the order amount; the surcharge and the total follow it.
  const voidForm = adminPage.getByRole('dialog', { name: 'Void Transaction' });
  await expect(voidForm.getByRole('textbox', { name: 'Void Amount' })).toHaveValue('100.00');
  await expect(voidForm).toContainText('Surcharge$3.00Total$103.00');
  await shoot(adminPage, 'void');
  await voidForm.getByRole('button', { name: 'Process Void' }).click();
  await expect(voidForm.getByRole('heading', { name: 'Transaction Voided' })).toBeVisible();
  await expect(voidForm).toContainText('The payment of $103.00 on Visa •••• 1111 has been voided.');
  await voidForm.getByRole('button', { name: 'Close' }).click();
  await expect(rowNamed(adminLedger, 'Down Payment')).toContainText('Voided');
  await adminPage.close();

  // A day later the provider's batch has settled cycle 1's payment: the front desk refunds it.
  await api('admin', 'POST', '/sandbox/clock/advance', { days: 1 });
  await page.reload();
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await rowNamed(ledger, 'Cycle 1 of 6')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Refund' }).click();
  const cardRefund = page.getByRole('dialog', { name: 'Refund Transaction' });
  await expect(cardRefund.getByRole('textbox', { name: 'Refund Amount' })).toHaveValue('150.00');
  await expect(cardRefund).toContainText('Total$154.50');
  await cardRefund.getByRole('button', { name: 'Process Refund' }).click();
  await expect(cardRefund.getByRole('heading', { name: 'Transaction Refunded' })).toBeVisible();
  await expect(cardRefund).toContainText('$154.50 has been refunded to Visa •••• 1111.');
  await shoot(page, 'refunded');
  await cardRefund.getByRole('button', { name: 'Close' }).click();
  await expect(rowNamed(ledger, 'Cycle 1 of 6')).toContainText('Refunded');
  const a = await planOf(planA);
  expect(a.ledgerDtos.find((l) => l.description === 'Cycle 1 of 6')).toMatchObject({
    refundVoidType: 'REFUNDED',
    refundVoidAmount: 15_450,
  });
  expect(a.ledgerDtos.find((l) => l.description === 'Down Payment')).toMatchObject({
    refundVoidType: 'VOIDED',
  });
  await shoot(page, 'ledger-after', modal);
});

test('a viewer sees the schedule and the payment history without any menu', async ({ page }) => {
  const list = await api<{ paymentPlans: { id: number }[] }>('viewer', 'POST', '/api/paymentPlan/list', {
    status: 'ACTIVE',
    pageSize: 20,
  });
  let id = 0;
  for (const row of list.paymentPlans) {
    const plan = await api<PaymentPlan>('viewer', 'GET', `/api/paymentPlan/?paymentPlanId=${row.id}`);
    if (plan.ledgerDtos.length > 0) {
      id = plan.id;
      break;
    }
  }
  expect(id, 'an active plan with payments at Cedar Family Dentistry').toBeGreaterThan(0);
  const modal = await openPlan(page, 'viewer', id, 'dark');
  const ledger = ledgerOf(modal);
  await expect(ledger.getByRole('row').nth(1)).toBeVisible();
  await expect(ledger.getByRole('button')).toHaveCount(0);
  await shoot(page, 'viewer-ledger-dark', modal);
  await modal.getByRole('tab', { name: 'Schedule' }).click();
  const schedule = scheduleOf(modal);
  await expect(schedule.getByRole('row').nth(1)).toBeVisible();
  await expect(schedule.getByRole('button')).toHaveCount(0);
  await shoot(page, 'viewer-schedule-dark', modal);
});
