/**
 * The dashboard in Chromium, signed in as the front desk through the real sign-in page: the figures
 * shown are the API's answer, the period tabs switch the breakdown, each attention tile opens its
 * list with its filter, axe finds nothing serious, and a payment taken in another session shows in
 * Today within seconds (the realtime hub), not at the minute's refresh. Screenshots go to .cache/shots/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import type { DashboardSummary, PeriodCollections } from '../../embed-sdk/contract/dashboard.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { METHOD_LABELS, SOURCE_LABELS } from '../../portal/dashboard/labels.js';
import { watchConsoleProblems } from './support/consoleErrors.js';
import { accessToken, signInToPortal } from './support/portal.js';
import { sandboxApi, VISA } from './support/sandboxApi.js';

const SHOTS = '.cache/shots';

const isSummary = (r: Response) => r.url().includes('/api/dashboard/summary') && r.status() === 200;

async function openDashboard(page: Page): Promise<DashboardSummary> {
  const answer = page.waitForResponse(isSummary);
  await signInToPortal(page, 'frontdesk', '/#/dashboard');
  const body = (await (await answer).json()) as { value: DashboardSummary };
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Collections', exact: true })).toBeVisible();
  return body.value;
}

/** Rows of a breakdown table as [label, payments, net], the way the API's answer gives them. */
function expectedRows(period: PeriodCollections, by: 'source' | 'method') {
  const rows =
    by === 'source'
      ? period.bySource.map((r) => ({ label: SOURCE_LABELS[r.source], ...r }))
      : period.byMethod.map((r) => ({ label: METHOD_LABELS[r.method], ...r }));
  return rows.map((r) => [r.label, r.count.toLocaleString('en-US'), formatCurrency(r.net)]);
}

async function shownRows(page: Page, name: string) {
  const rows = page.getByRole('table', { name }).getByRole('row');
  const count = await rows.count();
  const result: string[][] = [];
  for (let i = 1; i < count; i++) {
    const cells = (await rows.nth(i).getByRole('cell').allTextContents()).map((t) => t.trim());
    result.push([cells[0]!, cells[1]!, cells[3]!]);
  }
  return result;
}

test('shows the API’s figures, switches periods and opens each list that needs attention', async ({
  page,
}) => {
  const summary = await openDashboard(page);
  const main = page.getByRole('main');

  // The three cards: what was kept, and how many payments.
  for (const [period, title] of [
    ['today', 'Today'],
    ['week', 'This week'],
    ['month', 'This month'],
  ] as const) {
    const card = main.getByRole('article', { name: title });
    const { totals } = summary.periods[period];
    await expect(card.getByTestId('net')).toHaveText(formatCurrency(totals.net));
    await expect(card).toContainText(totals.count === 0 ? 'No payments yet' : `${totals.count} payment`);
    if (totals.refunded > 0) await expect(card).toContainText(`${formatCurrency(totals.refunded)} refunded`);
  }

  // The attention tiles: counts and amounts, as the API says.
  const { attention } = summary;
  const requests = main.getByRole('link', { name: /Open payment requests/ });
  await expect(requests.getByTestId('count')).toHaveText(String(attention.openPaymentRequests.count));
  await expect(requests).toContainText(`${formatCurrency(attention.openPaymentRequests.amount)} requested`);
  const plans = main.getByRole('link', { name: /Past-due payment plans/ });
  await expect(plans.getByTestId('count')).toHaveText(String(attention.pastDuePaymentPlans.count));
  await expect(plans).toContainText(`${formatCurrency(attention.pastDuePaymentPlans.amount)} past due`);
  const memberships = main.getByRole('link', { name: /Memberships needing attention/ });
  await expect(memberships.getByTestId('count')).toHaveText(
    String(attention.membershipsNeedingAttention.count),
  );

  // This month's breakdown (the default), then this week's.
  await expect(main.getByRole('tab', { name: 'This month' })).toHaveAttribute('aria-selected', 'true');
  expect(await shownRows(page, 'Collections by source, this month')).toEqual(
    expectedRows(summary.periods.month, 'source'),
  );
  expect(await shownRows(page, 'Collections by payment method, this month')).toEqual(
    expectedRows(summary.periods.month, 'method'),
  );
  // The charts drew something (SVG) beside their tables.
  await expect(main.locator('svg path').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-1440-light.png`, fullPage: true });

  await main.getByRole('tab', { name: 'This week' }).click();
  if (summary.periods.week.totals.count + summary.periods.week.totals.refunded > 0) {
    expect(await shownRows(page, 'Collections by source, this week')).toEqual(
      expectedRows(summary.periods.week, 'source'),
    );
  } else {
    await expect(main).toContainText('No collections yet this week');
  }
  await main.getByRole('tab', { name: 'Today' }).click();
  if (summary.periods.today.totals.count + summary.periods.today.totals.refunded === 0) {
    await expect(main).toContainText('No collections yet today');
  }

  // Nothing serious for people using assistive technology. Fluent's focus sentinels (tabster's
  // aria-hidden dummies) are left out, as in portal-look.spec.ts.
  const axe = await new AxeBuilder({ page }).include('main').exclude('[data-tabster-dummy]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Each tile opens its list with the filter its count used.
  for (const [tile, hash, heading] of [
    [/Open payment requests/, '#/notifications?status=unpaid', 'Payment Requests'],
    [/Past-due payment plans/, '#/paymentplans?status=pastdue', 'Payment Plans'],
    [/Memberships needing attention/, '#/customermembershipbillings?status=attention', 'Memberships'],
  ] as const) {
    await main.getByRole('link', { name: tile }).click();
    await expect(page).toHaveURL(new RegExp(`${hash.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Needs attention' })).toBeVisible();
  }
});

test('fits a 1024 px window, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await openDashboard(page);
  await expect(page.locator('main svg path').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-1024-light.png`, fullPage: true });
  // No horizontal scrolling at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.goto('/#/theme');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.goto('/#/dashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'Collections', exact: true })).toBeVisible();
  await expect(page.locator('main svg path').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-1024-dark.png`, fullPage: true });
});

interface Envelope<T> {
  isSuccess: boolean;
  value: T;
  errors: string[];
}

/** Calls the API as the person signed in on `page`, and expects a success. */
async function call<T>(page: Page, url: string, body?: unknown): Promise<T> {
  const headers = {
    authorization: `Bearer ${await accessToken(page)}`,
    'idempotency-key': crypto.randomUUID(),
  };
  const answer =
    body === undefined
      ? await page.request.get(url, { headers })
      : await page.request.post(url, { headers, data: body });
  const envelope = (await answer.json()) as Envelope<T>;
  expect(envelope.isSuccess, envelope.errors?.join(' ')).toBe(true);
  return envelope.value;
}

/**
 * A Visa stored now for one of the practice's patients: it approves, whatever earlier tests on this
 * sandbox did to the seed's cards (a declining card made a patient's default, the clock moved past
 * an expiry).
 */
async function aCardThatApproves(page: Page): Promise<number> {
  const rows = await call<{ customerId: number | null }[]>(page, '/api/transaction/transactions', {
    status: 'APPROVED',
    page: 1,
    pageSize: 50,
  });
  const customerId = rows.map((r) => r.customerId).find((id): id is number => id !== null);
  if (customerId === undefined) throw new Error('No approved payment of the seed names a patient.');
  const { storeCard } = sandboxApi(
    () => new URL(page.url()).origin,
    () => accessToken(page),
  );
  return storeCard(customerId, VISA, false);
}

test('is live: a payment taken in another session shows in Today within seconds', async ({
  page,
  browser,
}) => {
  const problems = watchConsoleProblems(page);
  const summary = await openDashboard(page);
  const today = page.getByRole('main').getByRole('article', { name: 'Today' });
  const before = summary.periods.today.totals.count;

  // Another session (its own browser context, signed in on its own) takes a virtual-terminal payment.
  const other = await browser.newContext();
  try {
    const desk = await other.newPage();
    await signInToPortal(desk, 'frontdesk', '/#/transactions');
    const customerSavedCardId = await aCardThatApproves(desk);
    const quote = await call<{ total: number }>(desk, '/api/transaction/virtualTerminal/quote', {
      customerSavedCardId,
      amount: 4_321,
    });
    const refreshed = page.waitForResponse(isSummary);
    const paidAt = Date.now();
    const paid = await call<{ isApproved: boolean }>(desk, '/api/transaction/virtualTerminal', {
      customerSavedCardId,
      amount: 4_321,
      total: quote.total,
    });
    expect(paid.isApproved).toBe(true);

    // The dashboard reads its figures again on the hub's event, well before its 60 s refresh.
    await refreshed;
    await expect(today).toContainText(`${before + 1} payment`, { timeout: 5_000 });
    expect(Date.now() - paidAt).toBeLessThan(10_000);
    await page.screenshot({ path: `${SHOTS}/dashboard-live.png`, fullPage: true });
  } finally {
    await other.close();
  }
  expect(problems).toEqual([]);
});
