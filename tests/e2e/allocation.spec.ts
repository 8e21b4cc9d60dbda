/**
 * Procedure allocation end to end (issue 20's "Done when"), in Chromium against the e2e sandbox, as
 * the front desk of Bright Smiles Dental (Open Dental, procedure allocation on):
 * - FIFO and LIFO allocation of an amount; a Select allocation through SELECT_FINISHED and back;
 * - an inline edit that was not saved, refused with its message;
 * - the family view and its guarantor; grouping by treatment plan;
 * - saving the filter settings and seeing them kept after a reload;
 * - associating an unassociated payment with allocation, the splits then read through
 *   getOpenDentalPayment; refunding one allocated procedure.
 *
 * Every test needs the sandbox's allocation (the procedures, plans and family endpoints, the
 * allocate call and the seed's payment not yet fully allocated, from the server's branch): the
 * payment is found through the API (a patient's approved payment whose `unallocated` is above 0).
 * Screenshots go to .cache/shots (allocation-e2e-*.png).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInToPortal } from './support/portal.js';

const SHOTS = path.resolve(import.meta.dirname, '../../.cache/shots');

interface Envelope<T> {
  isSuccess: boolean;
  value: T | null;
  errors: string[];
}

interface Row {
  id: number;
  referenceId: string;
  transactionResultId: string;
  customerId: number | null;
  customerKey: number | null;
  source: string;
  status: string;
  amount: number;
  surchargeAmount: number;
  firstName: string | null;
  lastName: string | null;
  unallocated?: number | null;
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `allocation-e2e-${name}.png`), animations: 'disabled' });
}

function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('chairside.oidc.user.')) {
        return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      }
    }
    throw new Error('Nobody is signed in on this page.');
  });
}

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const token = await accessToken(page);
  const response =
    method === 'GET'
      ? await page.request.get(url, { headers: { authorization: `Bearer ${token}` } })
      : await page.request.post(url, { headers: { authorization: `Bearer ${token}` }, data: body });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.isSuccess, envelope.errors.join(' ')).toBe(true);
  return envelope.value!;
}

/** A patient's approved payment not yet fully allocated (the seed has one), newest first. */
async function unallocatedPayment(page: Page): Promise<Row> {
  const rows = await api<Row[]>(page, 'POST', '/api/transaction/transactions', {
    status: 'APPROVED',
    page: 1,
    pageSize: 100,
  });
  for (const candidate of rows.filter((r) => r.customerId !== null && r.customerKey !== null)) {
    const own = await api<Row[]>(page, 'POST', '/api/transaction/transactions', {
      customerKey: candidate.customerKey,
      page: 1,
      pageSize: 100,
    });
    const found = own.find((r) => (r.unallocated ?? 0) > 0);
    if (found) return found;
  }
  throw new Error('The seed has no payment left to allocate.');
}

/** Opens the payment's patient page and its Allocate. */
async function openAllocation(page: Page, payment: Row): Promise<Locator> {
  await page.goto(`/#/customer/${payment.customerId}?key=${payment.customerKey}`);
  const list = page.getByRole('table', { name: 'Transactions' });
  const id = payment.referenceId.split('-')[0]!;
  await list.getByRole('button', { name: `Actions for ${id}` }).click();
  await page.getByRole('menuitem', { name: 'Allocate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Procedures' });
  await expect(dialog.getByRole('table', { name: 'Procedures due' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'All Dates' }).check();
  return dialog;
}

/** The procedure rows (not the group rows): those with a Pay checkbox. */
const procedureRows = (dialog: Locator) =>
  dialog
    .getByRole('table', { name: 'Procedures due' })
    .getByRole('row')
    .filter({ has: dialog.getByRole('checkbox', { name: /^Pay D/ }) });

/** A procedure row's Allocation (its last cell). */
const allocationOf = (row: Locator) => row.getByRole('cell').last();

test.describe('procedure allocation', () => {
  test.beforeEach(async ({ page }) => {
    await signInToPortal(page, 'frontdesk', '/#/transactions');
    await page.evaluate(() => localStorage.removeItem('chairside.allocation.filterSettings'));
  });

  test('FIFO pays the oldest first, LIFO the newest', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    await dialog.getByRole('switch', { name: 'Apply Amount' }).click();
    await dialog.getByRole('textbox', { name: 'Amount to Allocate' }).fill('10.00');
    await dialog.getByRole('radio', { name: 'FIFO' }).check();
    await expect(dialog.getByRole('status', { name: 'Allocation Total' })).toHaveText(
      'Allocation Total: $10.00',
    );
    // Newest first on screen: the oldest is the last row.
    await expect(allocationOf(procedureRows(dialog).last())).not.toHaveText('$0.00');
    await shot(page, 'fifo');
    await dialog.getByRole('radio', { name: 'LIFO' }).check();
    await expect(allocationOf(procedureRows(dialog).first())).not.toHaveText('$0.00');
    await expect(allocationOf(procedureRows(dialog).last())).toHaveText('$0.00');
  });

  test('Select through SELECT_FINISHED and back', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    await dialog.getByRole('switch', { name: 'Apply Amount' }).click();
    await dialog.getByRole('textbox', { name: 'Amount to Allocate' }).fill('1.00');
    await dialog.getByRole('radio', { name: 'Select' }).check();
    const boxes = dialog.getByRole('checkbox', { name: /^Pay D/ });
    await boxes.first().check();
    await expect(dialog.getByRole('status', { name: 'Allocation Total' })).toHaveText(
      'Allocation Total: $1.00',
    );
    // SELECT_FINISHED: only the chosen line's checkbox is allowed.
    await expect(boxes.nth(1)).toBeDisabled();
    await boxes.first().uncheck();
    await expect(boxes.nth(1)).toBeEnabled();
  });

  test('an inline edit that was not saved is refused', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    await dialog
      .getByRole('button', { name: /^Edit the allocation to/ })
      .first()
      .click();
    await dialog.getByRole('textbox', { name: /^Allocation to/ }).fill('1.00');
    await dialog
      .getByRole('checkbox', { name: /^Pay D/ })
      .nth(1)
      .check();
    await dialog.getByRole('button', { name: 'Allocate Procedures' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'You have allocations that have not been saved, please click the disk to save your allocated payment',
    );
  });

  test('the family view with its guarantor, and grouping by treatment plan', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    await dialog.getByRole('switch', { name: 'Family' }).click();
    const family = dialog.getByRole('region', { name: 'Family' });
    await expect(family.getByText('Guarantor')).toBeVisible();
    await family.getByRole('button', { name: /^[^O]/ }).first().click();
    await dialog.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitemradio', { name: 'Treatment Plan' }).click();
    await expect(dialog.getByRole('row', { name: 'Not on a Treatment Plan' })).toBeVisible();
    await shot(page, 'family-by-plan');
  });

  test('saved filter settings are kept after a reload', async ({ page }) => {
    const payment = await unallocatedPayment(page);
    let dialog = await openAllocation(page, payment);
    await dialog.getByRole('switch', { name: 'Family' }).click();
    await dialog.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitemradio', { name: 'Patient' }).click();
    await dialog.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Save Filter Settings' }).click();
    await expect(dialog.getByText('Filter settings saved.')).toBeVisible();
    await page.reload();
    dialog = await openAllocation(page, payment);
    await expect(dialog.getByRole('switch', { name: 'Family' })).toBeChecked();
    await expect(dialog.getByRole('region', { name: 'Family' })).toBeVisible();
  });

  test('associating an unassociated payment with allocation writes its splits; one is refunded', async ({
    page,
  }) => {
    const orphans = await api<Row[]>(page, 'POST', '/api/transaction/transactions', {
      viewOtherOrphans: true,
      page: 1,
      pageSize: 50,
    });
    const orphan = orphans.find((r) => r.source === 'TERMINAL' && r.status === 'APPROVED' && r.lastName);
    expect(orphan, 'an unassociated terminal payment with a name').toBeTruthy();
    await page.goto('/#/transactions?unassociated=other');
    const id = orphan!.referenceId.split('-')[0]!;
    await page.getByRole('button', { name: `Actions for ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Associate Transaction' }).click();
    const associate = page.getByRole('dialog', { name: 'Associate Transaction' });
    await associate.getByRole('radio').first().check();
    await associate.getByRole('checkbox', { name: 'Allocate Payment' }).check();
    const dialog = page.getByRole('dialog', { name: 'Procedures' });
    await dialog.getByRole('radio', { name: 'All Dates' }).check();
    await dialog.getByRole('switch', { name: 'Apply Amount' }).click();
    await dialog
      .getByRole('textbox', { name: 'Amount to Allocate' })
      .fill(((orphan!.amount - orphan!.surchargeAmount) / 100).toFixed(2));
    await dialog.getByRole('radio', { name: 'FIFO' }).check();
    await dialog.getByRole('button', { name: 'Allocate Procedures' }).click();
    await associate.getByRole('button', { name: /^Associate .* to Transaction$/ }).click();
    await expect(associate).toBeHidden();
    const splits = await expect
      .poll(
        async () =>
          (
            await api<{ payment: { paySplits: { procCode: string | null }[] } | null }>(
              page,
              'GET',
              `/api/transaction/getOpenDentalPayment?transactionId=${orphan!.id}`,
            )
          ).payment?.paySplits.filter((s) => s.procCode !== null).length ?? 0,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    void splits;
    // Refund one allocated procedure: the form lists the splits by code and description.
    await page.getByRole('button', { name: `Actions for ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund Transaction' });
    const procedures = refund.getByRole('table', { name: 'Allocated procedures' });
    await expect(procedures.getByRole('row').nth(1)).toContainText(/D\d{4} /);
    await shot(page, 'refund');
  });
});
