/**
 * The Payment requests, Insurance reimbursements and Practice-system sync reports in Chromium
 * (issue 37), as the admin at Bright Smiles (Open Dental), last month: a figure opens the list behind
 * it, which counts the same, and the exported CSV holds the same figure. The payment requests' Paid
 * is the Payment Requests page's (the transactions list cannot count it: it counts payments by the
 * day they were made, the report requests by the day they were sent). The seed posts every payment of
 * a patient, so the sync test makes a failed posting of last month through the product's own paths:
 * the admin imports a processor's payment dated last month, the sandbox is told to fail the next
 * posting, and the payment is associated with a patient (which posts it); the report then shows it
 * with its reason, the CSV has it, and its link opens the transactions list showing it failed (the
 * list has no filter by sync state); the admin area's failed postings list it too.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import type { SyncFigures } from '../../embed-sdk/contract/reportSync.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatIsoDay } from '../../embed-sdk/format/date.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { accessToken, signInToPortal } from './support/portal.js';

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

  // Paid: the tile's count and amount are the CSV's total line's.
  await page.goBack();
  await expect(report).toHaveAttribute('aria-busy', 'false');
  const paidTile = report.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Paid: / }) });
  const paid = (await paidTile.getByRole('link').textContent())!.replace(/,/g, '');
  const paidAmount = (await paidTile.getByText(/^\$/).textContent())!.replace(/[$,]/g, '');
  expect(totalRow(csv).slice(3, 5)).toEqual([paid, paidAmount]);
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

/** Calls the API as the person signed in on `page`, expecting a success; its value. */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${await accessToken(page)}`, 'idempotency-key': randomUUID() };
  const res =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body ?? {} });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { value: T }).value;
}

const BRIGHT_SMILES = 1;

test('Practice-system sync: a payment of last month whose posting failed, with its reason, in the CSV and the transactions list', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const report = await openReport(page, 'sync', 'Practice-system sync');
  // Last month's 14th in the sandbox's calendar; a processor's transaction ID of this run's own.
  const { today } = await call<{ today: string }>(page, 'GET', '/sandbox/clock');
  const [year, month] = today.split('-').map(Number) as [number, number];
  const day = formatIsoDay(new Date(year, month - 2, 14));
  const lastMonth = {
    from: formatIsoDay(new Date(year, month - 2, 1)),
    to: formatIsoDay(new Date(year, month - 1, 0)),
  };
  const transactionId = `SYNC${Date.now()}`;
  // What the report counted before (nothing, from the seed; a retry of this test finds its first run's).
  const totals = async () =>
    (await call<{ totals: SyncFigures }>(page, 'POST', '/api/reports/sync', lastMonth)).totals;
  const before = await totals();

  const imported = await call<{ state: string; imported: number }>(page, 'POST', '/api/admin/import', {
    companyId: BRIGHT_SMILES,
    csv: `Transaction ID,Date,Amount\r\n${transactionId},${day},42.50\r\n`,
  });
  expect(imported).toMatchObject({ state: 'DONE', imported: 1 });
  const [payment] = await call<{ id: number }[]>(page, 'POST', '/api/transaction/transactions', {
    transactionId,
  });
  const [patient] = (
    await call<{ customerId: number | null }[]>(page, 'POST', '/api/transaction/transactions', {
      modules: ['VIRTUALTERMINAL'],
      status: 'APPROVED',
      pageSize: 20,
    })
  ).filter((t) => t.customerId !== null);
  await call(page, 'POST', '/sandbox/practiceSystem/failNextPosting');
  await call(page, 'POST', '/api/transaction/associate', {
    transactionId: payment!.id,
    customerId: patient!.customerId,
    post: true,
  });
  // The connector takes the posting within seconds, and the sandbox fails it.
  await expect
    .poll(async () => (await totals()).failedCount, { timeout: 30_000 })
    .toBe(before.failedCount + 1);
  const failed = { count: before.failedCount + 1, amount: before.failedAmount + 4_250 };

  await page.reload();
  await expect(report).toHaveAttribute('aria-busy', 'false');
  const tiles = report.getByRole('list', { name: 'Payments not posted' }).getByRole('listitem');
  await expect(tiles).toHaveText([
    `Pending${before.pendingCount}${formatCurrency(before.pendingAmount)}`,
    `Failed${failed.count}${formatCurrency(failed.amount)}`,
  ]);
  const reason = 'The practice management system refused the posting (the sandbox was told to fail it).';
  await expect(
    report.getByRole('table', { name: 'Failures by reason' }).getByRole('row').filter({ hasText: reason }),
  ).toBeVisible();
  const record = report
    .getByRole('table', { name: 'Payments not posted' })
    .getByRole('row')
    .filter({ hasText: transactionId });
  await expect(record).toContainText('$42.50');
  await expect(record).toContainText('Failed');
  await expect(record).toContainText(reason);

  const csv = await exportedCsv(page);
  expect(csv[0]).toEqual(['Day', 'Pending', 'Pending amount', 'Failed', 'Failed amount']);
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  expect(totalRow(csv)).toEqual([
    'Total',
    String(before.pendingCount),
    dollars(before.pendingAmount),
    String(failed.count),
    dollars(failed.amount),
  ]);
  expect(csv.find((row) => row[0] === transactionId)?.slice(3)).toEqual(['42.50', 'Failed', reason]);

  // The payment's link: the transactions list shows it, and that its posting failed.
  await record.getByRole('link', { name: `Open transaction ${transactionId}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/transactions\\?id=${transactionId}$`));
  await expect(page.getByRole('status').filter({ hasText: /transactions?$/ })).toHaveText('1 transaction');
  const row = page.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
  await expect(row).toContainText('$42.50');
  await expect(row.getByText('Failed')).toBeVisible();

  // The admin area's failed postings (every practice's, of any day: they cannot count the period's)
  // list its posting with the same reason.
  await page.goto('/#/admin/queues?queue=POSTINGS&state=FAILED');
  const posting = page
    .getByRole('table', { name: 'Items of practice system postings' })
    .getByRole('row')
    .filter({ hasText: `of transaction ${transactionId}` });
  await expect(posting).toContainText(reason);
  await expect(posting).toContainText('$42.50');

  // Retried from there, it posts and leaves the period's failures as they were (and no failed posting
  // behind for the specs that run after this one on the same sandbox: the admin overview counts them).
  await posting.getByRole('button', { name: `Retry Payment of transaction ${transactionId}` }).click();
  await expect(
    page.getByText(`Payment of transaction ${transactionId} will be posted in a few seconds.`),
  ).toBeVisible();
  await expect.poll(async () => (await totals()).failedCount, { timeout: 30_000 }).toBe(before.failedCount);
  expect(errors).toEqual([]);
});
