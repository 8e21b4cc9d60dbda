/**
 * The Payment plans and Memberships reports in Chromium, as the admin, for last month: a figure of
 * the table, the same figure in the exported CSV, and the list it links to counting the same. What
 * plans and memberships collected opens the transactions list of those days and that source (status
 * Paid), whose count is the figure's; the active plans open the Payment Plans page, which counts the
 * same plans. The Memberships page's filters are today's state, so last month's active members link
 * nowhere (MembershipsBody.tsx); that figure is checked against the CSV.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { signInToPortal } from './support/portal.js';

async function exportedLines(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  return (await readFile(file!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

const figure = async (link: Locator) => Number((await link.textContent())!.replace(/,/g, ''));
/** "$1,234.56" as the CSV writes it: "1234.56". */
const csvAmount = (text: string) => text.replace(/[$,]/g, '');

/** Follows a figure's link to the transactions list and reads the list's count. */
async function transactionsCount(page: Page, link: Locator, source: string): Promise<string> {
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`#/transactions\\?dates=custom&from=.*&source=${source}&status=paid`),
  );
  const count = page.getByRole('status').filter({ hasText: /transactions?$/ });
  await expect(count).toBeVisible();
  return (await count.textContent())!;
}

const countText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'transaction' : 'transactions'}`;

test('Payment plans, last month: the active plans and what plans collected match the CSV and the lists they link to', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', '/#/reports/paymentPlans?dates=lastMonth');
  const report = page.getByRole('region', { name: 'Payment plans' });
  await expect(report).toHaveAttribute('aria-busy', 'false');
  const active = report.getByRole('link', { name: /^\d+ active plans$/ });
  const plans = await figure(active);
  const collected = report.getByRole('link', { name: /^\d+ plan payments: open the transactions$/ });
  const payments = await figure(collected);
  expect(payments, 'the seed has plan payments last month').toBeGreaterThan(0);
  const amount = (await report
    .getByRole('link', { name: / collected on plans: open the transactions$/ })
    .textContent())!;

  const lines = await exportedLines(page);
  expect(lines.find((l) => l.startsWith('Balance outstanding (active plans),'))?.split(',')[1]).toBe(
    String(plans),
  );
  expect(lines).toContain(`Collected on plans,${payments},${csvAmount(amount)}`);

  expect(await transactionsCount(page, collected, 'PAYMENTPLAN')).toBe(countText(payments));

  await page.goBack();
  await expect(report).toHaveAttribute('aria-busy', 'false');
  await active.click();
  await expect(page).toHaveURL(/#\/paymentplans\?status=active/);
  await expect(page.getByText(new RegExp(`^${plans} payment plans? ·`))).toBeVisible();
  expect(errors).toEqual([]);
});

test('Memberships, last month: the active memberships match the CSV, and what memberships collected the CSV and the transactions list', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', '/#/reports/memberships?dates=lastMonth');
  const report = page.getByRole('region', { name: 'Memberships' });
  await expect(report).toHaveAttribute('aria-busy', 'false');
  const table = report.getByRole('table', { name: 'Memberships', exact: true });
  const row = table.getByRole('row', { name: /^Active memberships/ });
  const active = (await row.getByRole('cell').nth(1).textContent())!.replace(/,/g, '');
  expect(active).toMatch(/^\d+$/);
  const collected = table.getByRole('link', {
    name: /^\d+ membership payments, \$[\d,]+\.\d\d: open the transactions$/,
  });
  const [count, amount] = (await collected.textContent())!.split(' · ') as [string, string];
  const payments = Number(count.replace(/,/g, ''));
  expect(payments, 'the seed has membership payments last month').toBeGreaterThan(0);

  const lines = await exportedLines(page);
  expect(lines).toContain(`Active memberships,${active}`);
  expect(lines).toContain(`Collected on memberships,${payments}`);
  expect(lines).toContain(`Collected on memberships (amount),${csvAmount(amount)}`);

  expect(await transactionsCount(page, collected, 'MEMBERSHIP')).toBe(countText(payments));
  expect(errors).toEqual([]);
});
