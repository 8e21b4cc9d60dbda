/**
 * The Collections report in Chromium, as the admin: last month by day, one day's count read on the
 * report, found again in the downloaded CSV, and, following its link, as the transactions list's
 * count of that day's approved payments (refunded or voided since included). No console problems on
 * the way.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Response } from '@playwright/test';
import type { CollectionsReport } from '../../embed-sdk/contract/reportCollections.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { watchConsoleProblems } from './support/consoleErrors.js';
import { signInToPortal } from './support/portal.js';

const isReport = (r: Response) => r.url().endsWith('/api/reports/collections') && r.status() === 200;

test("a day's count of last month is the CSV's and the transactions list's", async ({ page }) => {
  const problems = watchConsoleProblems(page);
  const answer = page.waitForResponse(isReport);
  await signInToPortal(page, 'admin', '/#/reports/collections?dates=lastMonth&groupBy=day&splitBy=source');
  const report = ((await (await answer).json()) as { value: CollectionsReport }).value;
  const day = report.buckets.find((b) => b.totals.count > 0);
  expect(day, 'the seed has payments last month').toBeDefined();
  const count = day!.totals.count;
  const label = formatDate(`${day!.start}T12:00:00`);
  const link = page.getByRole('link', { name: `${count} payments, ${label}: open the transactions` });
  await expect(link).toBeVisible();

  // The same figure in the exported file: the day's line over every source.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = fs.readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = parse(text) as string[][];
  const payments = header!.indexOf('Payments');
  const line = lines.find((l) => l[0] === day!.start && l[1] === day!.end && l[2] === 'All');
  expect(line?.[payments]).toBe(String(count));

  // The list the figure links to counts the same payments.
  await link.click();
  await expect(page).toHaveURL(/#\/transactions\?/);
  await expect(page.getByRole('status').filter({ hasText: /transactions?$/ })).toHaveText(
    `${count} ${count === 1 ? 'transaction' : 'transactions'}`,
  );
  expect(problems).toEqual([]);
});
