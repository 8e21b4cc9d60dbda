/**
 * The Payment plans and Memberships reports in Chromium, as the admin, for last month: a figure of
 * the table, the same figure in the exported CSV, and (payment plans) the list it links to counting
 * the same plans. The Memberships page's filters are today's state, so last month's active members
 * link nowhere (MembershipsBody.tsx); its figure is checked against the CSV.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
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

test('Payment plans, last month: the active plans match the CSV and the Payment Plans page they link to', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', '/#/reports/paymentPlans?dates=lastMonth');
  const report = page.getByRole('region', { name: 'Payment plans' });
  await expect(report).toHaveAttribute('aria-busy', 'false');
  const link = report.getByRole('link', { name: /^\d+ active plans$/ });
  const plans = Number((await link.textContent())!.replace(/,/g, ''));

  const lines = await exportedLines(page);
  expect(lines.find((l) => l.startsWith('Balance outstanding (active plans),'))?.split(',')[1]).toBe(
    String(plans),
  );

  await link.click();
  await expect(page).toHaveURL(/#\/paymentplans\?status=active/);
  await expect(page.getByText(new RegExp(`^${plans} payment plans? ·`))).toBeVisible();
  expect(errors).toEqual([]);
});

test('Memberships, last month: the active memberships match the CSV', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', '/#/reports/memberships?dates=lastMonth');
  const report = page.getByRole('region', { name: 'Memberships' });
  await expect(report).toHaveAttribute('aria-busy', 'false');
  const row = report
    .getByRole('table', { name: 'Memberships', exact: true })
    .getByRole('row', { name: /^Active memberships/ });
  const active = (await row.getByRole('cell').nth(1).textContent())!.replace(/,/g, '');
  expect(active).toMatch(/^\d+$/);
  const lines = await exportedLines(page);
  expect(lines).toContain(`Active memberships,${active}`);
  expect(errors).toEqual([]);
});
