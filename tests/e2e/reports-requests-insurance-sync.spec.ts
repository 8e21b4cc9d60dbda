/**
 * The Payment requests, Insurance reimbursements and Practice-system sync reports in Chromium
 * (issue 37), as the admin at Bright Smiles (Open Dental), last month: a figure opens the list behind
 * it, which counts the same, and the exported CSV holds the same figure. The seed posts every payment
 * of a patient, so last month's sync report has nothing to list: its test reads the empty state and
 * the CSV's zeros (the API test covers its figures and links on records of its own).
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { signInToPortal } from './support/portal.js';

/** The report's CSV, downloaded with Export CSV, parsed (its byte-order mark left out). */
async function exportedCsv(page: Page): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = fs.readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
  return parse(text, { relaxColumnCount: true }) as string[][];
}

const totalRow = (rows: string[][]) => rows.find((row) => row[0] === 'Total')!;

async function openReport(page: Page, name: string, title: string) {
  await signInToPortal(page, 'admin', `/#/reports/${name}?dates=lastMonth`);
  const report = page.getByRole('region', { name: title });
  await expect(report.getByRole('list').first()).toBeVisible();
  await expect(report).toHaveAttribute('aria-busy', 'false');
  return report;
}

test('Payment requests: the requests sent open the Payment Requests page with as many, and the CSV has them', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const report = await openReport(page, 'paymentRequests', 'Payment requests');
  const sent = report.getByRole('link', { name: /^Sent: / });
  const figure = (await sent.textContent())!.trim();
  expect(Number(figure.replace(/,/g, ''))).toBeGreaterThan(0);

  const csv = await exportedCsv(page);
  expect(csv[0]).toEqual(expect.arrayContaining(['Channel', 'Sent', 'Paid']));
  expect(totalRow(csv)[1]).toBe(figure.replace(/,/g, ''));

  await sent.click();
  await expect(page).toHaveURL(/#\/notifications\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(`${figure} payment requests`);
  expect(errors).toEqual([]);
});

test('Insurance reimbursements: the count opens the Reimbursements page with as many rows, and the CSV has it', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const report = await openReport(page, 'insurance', 'Insurance reimbursements');
  const count = report.getByRole('link', { name: /^Reimbursements: / });
  const figure = Number((await count.textContent())!.trim());
  // The seed's month fits one page of the list (ten rows), so its rows are the count.
  expect(figure).toBeGreaterThan(0);
  expect(figure).toBeLessThanOrEqual(10);

  const csv = await exportedCsv(page);
  expect(csv[0]).toEqual([
    'Carrier',
    'Reimbursements',
    'Reimbursed',
    'Written off',
    'Requested from patients',
    'Paid by patients',
  ]);
  expect(totalRow(csv)[1]).toBe(String(figure));
  const reimbursed = report.getByRole('list').getByText(/^\$/).first();
  expect(`$${Number(totalRow(csv)[2]).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(
    await reimbursed.textContent(),
  );

  await count.click();
  await expect(page).toHaveURL(/#\/insurance\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('main').getByRole('table').first().locator('tbody tr')).toHaveCount(figure);
  expect(errors).toEqual([]);
});

test('Practice-system sync: last month every payment was posted, and the CSV says so', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  const report = await openReport(page, 'sync', 'Practice-system sync');
  const tiles = report.getByRole('list', { name: 'Payments not posted' }).getByRole('listitem');
  await expect(tiles).toHaveText(['Pending0$0.00', 'Failed0$0.00']);
  await expect(report.getByRole('status')).toHaveText(
    'Every payment of the period has reached the practice system.',
  );

  const csv = await exportedCsv(page);
  expect(csv[0]).toEqual(['Day', 'Pending', 'Pending amount', 'Failed', 'Failed amount']);
  expect(totalRow(csv)).toEqual(['Total', '0', '0.00', '0', '0.00']);
  expect(errors).toEqual([]);
});
