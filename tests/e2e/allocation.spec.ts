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
import type { OpenDentalPayment, PaySplit } from '../../embed-sdk/contract/transaction.js';
import { watchConsoleErrors, watchConsoleProblems } from './support/consoleErrors.js';
import { accessToken, signInToPortal } from './support/portal.js';

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

/**
 * The seed's payment for allocation: Maria Garcia's terminal payment, posted and not allocated, whose
 * family has procedures due. (A plan payment is left out: the procedures its plan pays count it as
 * Pymt. Plan, so they show nothing due to allocate it to.)
 */
const isMaria = (r: Row) => r.firstName === 'Maria' && r.lastName === 'Garcia';

async function unallocatedPayment(page: Page): Promise<Row> {
  const rows = await api<Row[]>(page, 'POST', '/api/transaction/transactions', {
    status: 'APPROVED',
    modules: ['TERMINAL'],
    page: 1,
    pageSize: 100,
  });
  // The seed's Maria Garcia (whose family has procedures in every state) first: the list's order
  // follows the clock, and another patient's payment may have nothing due to allocate to.
  const candidates = rows
    .filter((r) => r.customerId !== null && r.customerKey !== null)
    .sort((a, b) => Number(isMaria(b)) - Number(isMaria(a)));
  for (const candidate of candidates) {
    const own = await api<Row[]>(page, 'POST', '/api/transaction/transactions', {
      customerKey: candidate.customerKey,
      page: 1,
      pageSize: 100,
    });
    const found = own.find((r) => r.source === 'TERMINAL' && (r.unallocated ?? 0) > 0);
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
    .filter({ has: dialog.page().getByRole('checkbox', { name: /^Pay D/ }) });

/**
 * The days (YYYY-MM-DD, oldest first) of the procedures with something due, and those of the ones
 * with an allocation.
 */
async function allocatedDays(dialog: Locator): Promise<{ days: string[]; allocated: string[] }> {
  const iso = (shown: string) => shown.replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3-$1-$2');
  const days: string[] = [];
  const allocated: string[] = [];
  for (const row of await dueRows(dialog)) {
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.trim());
    days.push(iso(cells[1]!));
    if (cells.at(-1) !== '$0.00') allocated.push(iso(cells[1]!));
  }
  return { days: days.sort(), allocated };
}

/** The procedure rows with something due (Est. Due, the cell before Allocation, above $0.00), top to bottom. */
async function dueRows(dialog: Locator): Promise<Locator[]> {
  const rows = procedureRows(dialog);
  await expect(rows.first()).toBeVisible();
  const due: Locator[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = await rows.nth(i).getByRole('cell').allTextContents();
    if (cells.at(-2)?.trim() !== '$0.00') due.push(rows.nth(i));
  }
  expect(due.length, 'procedures with something due').toBeGreaterThan(1);
  return due;
}

test.describe('procedure allocation', () => {
  test.afterEach(() => {
    expect(consoleErrors, 'errors in the browser console').toEqual([]);
  });

  let consoleErrors: string[];

  test.beforeEach(async ({ page }) => {
    consoleErrors = watchConsoleErrors(page);
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
    // $10.00 is less than any procedure's Est. Due: FIFO puts it all on the oldest one, LIFO on the newest.
    const fifo = await allocatedDays(dialog);
    await shot(page, 'fifo');
    expect(fifo.allocated).toEqual([fifo.days[0]]);
    await dialog.getByRole('radio', { name: 'LIFO' }).check();
    await expect(dialog.getByRole('status', { name: 'Allocation Total' })).toHaveText(
      'Allocation Total: $10.00',
    );
    const lifo = await allocatedDays(dialog);
    expect(lifo.allocated).toEqual([lifo.days.at(-1)]);
    expect(lifo.days[0]).not.toBe(lifo.days.at(-1));

    // In a 1024 px window, every row's Allocation figure ends where the others do, whether its row
    // has the edit button (hidden while Apply Amount is on) or none (nothing due), and the search
    // box shows its whole placeholder.
    await page.setViewportSize({ width: 1024, height: 768 });
    const edges = await procedureRows(dialog).evaluateAll((rows) =>
      rows.map((row) => {
        const cells = row.querySelectorAll('td, [role="cell"]');
        const figure = cells[cells.length - 1]!.querySelector('span')!;
        return {
          right: Math.round(figure.getBoundingClientRect().right),
          editable: row.querySelector('button[aria-label^="Edit the allocation to"]') !== null,
        };
      }),
    );
    expect(new Set(edges.map((e) => e.editable)), 'rows with and without the edit button').toEqual(
      new Set([true, false]),
    );
    expect(new Set(edges.map((e) => e.right)).size, JSON.stringify(edges)).toBe(1);
    const search = dialog.getByRole('searchbox', { name: 'Search procedures' });
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: Math.ceil(context.measureText(input.placeholder).width), inner };
    });
    expect(room.text, `the placeholder in ${room.inner} px`).toBeLessThanOrEqual(room.inner);
  });

  test('Select through SELECT_FINISHED and back', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    await dialog.getByRole('switch', { name: 'Apply Amount' }).click();
    await dialog.getByRole('textbox', { name: 'Amount to Allocate' }).fill('1.00');
    await dialog.getByRole('radio', { name: 'Select' }).check();
    const [first, second] = (await dueRows(dialog)).map((row) =>
      row.getByRole('checkbox', { name: /^Pay D/ }),
    );
    await first!.check();
    await expect(dialog.getByRole('status', { name: 'Allocation Total' })).toHaveText(
      'Allocation Total: $1.00',
    );
    // SELECT_FINISHED: only the chosen line's checkbox is allowed.
    await expect(second!).toBeDisabled();
    await first!.uncheck();
    await expect(second!).toBeEnabled();
  });

  test('an inline edit that was not saved is refused', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    const [first, second] = await dueRows(dialog);
    await first!.getByRole('button', { name: /^Edit the allocation to/ }).click();
    await dialog.getByRole('textbox', { name: /^Allocation to/ }).fill('1.00');
    await second!.getByRole('checkbox', { name: /^Pay D/ }).check();
    await dialog.getByRole('button', { name: 'Allocate Procedures' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'You have allocations that have not been saved, please click the disk to save your allocated payment',
    );
  });

  test('Escape asks before throwing away the amounts entered', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    const [first] = await dueRows(dialog);
    await first!.getByRole('checkbox', { name: /^Pay D/ }).check();
    const total = dialog.getByRole('status', { name: 'Allocation Total' });
    const entered = await total.textContent();
    expect(entered).not.toBe('Allocation Total: $0.00');

    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(ask).toContainText('The amounts you allocated have not been saved and will be lost.');
    await shot(page, 'discard-asks');
    await ask.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(ask).toBeHidden();
    await expect(total).toHaveText(entered!);

    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the family view with its guarantor, and grouping by treatment plan', async ({ page }) => {
    const dialog = await openAllocation(page, await unallocatedPayment(page));
    // From here on the console stays quiet: opening More options used to warn "You are using both
    // MenuList and Menu props…" each time.
    const problems = watchConsoleProblems(page);
    await dialog.getByRole('switch', { name: 'Family' }).click();
    const family = dialog.getByRole('region', { name: 'Family' });
    await expect(family.getByText('Guarantor')).toBeVisible();
    await family.getByRole('button', { name: /^[^O]/ }).first().click();
    await dialog.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitemradio', { name: 'Treatment Plan' }).click();
    await expect(dialog.getByRole('row', { name: 'Not on a Treatment Plan' })).toBeVisible();
    await shot(page, 'family-by-plan');
    await dialog.getByRole('button', { name: 'More options' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Treatment Plan' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    expect(problems).toEqual([]);
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

  test('associating an unassociated payment with allocation writes its splits', async ({ page }) => {
    // The seed's unassociated virtual-terminal payment of Chidi Okafor fits his procedures' Est. Due.
    const orphans = await api<Row[]>(page, 'POST', '/api/transaction/transactions', {
      viewOtherOrphans: true,
      page: 1,
      pageSize: 100,
    });
    const orphan = orphans.find((r) => r.status === 'APPROVED' && r.lastName === 'Okafor');
    expect(orphan, "Chidi Okafor's unassociated payment").toBeTruthy();
    const id = orphan!.referenceId.split('-')[0]!;
    await page.goto(`/#/transactions?unassociated=other&id=${id}`);
    await page.getByRole('button', { name: `Actions for ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Associate Transaction' }).click();
    const associate = page.getByRole('dialog', { name: 'Associate Transaction' });
    await associate.getByRole('radio', { name: /^Chidi Okafor/ }).check();
    await associate.getByRole('checkbox', { name: 'Allocate Payment' }).check();
    const dialog = page.getByRole('dialog', { name: 'Procedures' });
    await dialog.getByRole('radio', { name: 'All Dates' }).check();
    await dialog.getByRole('switch', { name: 'Apply Amount' }).click();
    const amount = orphan!.amount - orphan!.surchargeAmount;
    await dialog.getByRole('textbox', { name: 'Amount to Allocate' }).fill((amount / 100).toFixed(2));
    await dialog.getByRole('radio', { name: 'FIFO' }).check();
    await shot(page, 'associate-fifo');
    await dialog.getByRole('button', { name: 'Allocate Procedures' }).click();
    await associate.getByRole('button', { name: /^Associate .* to Transaction$/ }).click();
    await expect(associate).toBeHidden();
    // Posted a few seconds later by the connector: the splits add up to the payment less its surcharge.
    await expect
      .poll(
        async () => {
          const { payment } = await api<{ payment: OpenDentalPayment | null }>(
            page,
            'GET',
            `/api/transaction/getOpenDentalPayment?transactionId=${orphan!.id}`,
          );
          return (payment?.paySplits ?? [])
            .filter((s) => s.procNum !== null)
            .reduce((sum, s) => sum + s.ogSplitAmt, 0);
        },
        { timeout: 15_000 },
      )
      .toBe(amount);
  });

  test('refunding a payment on one procedure writes the refund back on that procedure', async ({ page }) => {
    // A settled card payment of the seed allocated to exactly one procedure, not refunded yet.
    const rows = await api<
      (Row & { isSettled: boolean; fundingSource: string; refundVoidType?: string | null })[]
    >(page, 'POST', '/api/transaction/transactions', {
      status: 'APPROVED',
      modules: ['TERMINAL', 'VIRTUALTERMINAL', 'TEXTTOPAY', 'PAYMENTPAGE'],
      page: 1,
      pageSize: 100,
    });
    let chosen: { row: Row; split: PaySplit } | null = null;
    for (const row of rows.filter((r) => r.isSettled && r.fundingSource === 'CARD' && !r.refundVoidType)) {
      const { payment } = await api<{ payment: OpenDentalPayment | null }>(
        page,
        'GET',
        `/api/transaction/getOpenDentalPayment?transactionId=${row.id}`,
      );
      const onProcedures = (payment?.paySplits ?? []).filter((s) => s.procNum !== null);
      if (onProcedures.length === 1 && onProcedures[0]!.splitAmt === onProcedures[0]!.ogSplitAmt) {
        chosen = { row, split: onProcedures[0]! };
        break;
      }
    }
    expect(chosen, 'a settled card payment on one procedure').toBeTruthy();
    const { row, split } = chosen!;
    const id = row.referenceId.split('-')[0]!;
    await page.goto(`/#/transactions?id=${id}`);
    await page.getByRole('button', { name: `Actions for ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund Transaction' });
    const procedures = refund.getByRole('table', { name: 'Allocated procedures' });
    await expect(procedures).toContainText(`${split.procCode} `);
    await refund.getByRole('textbox', { name: 'Refund Amount' }).fill('5.00');
    await shot(page, 'refund');
    await refund.getByRole('button', { name: 'Process Refund' }).click();
    await expect(page.getByText('Transaction Refunded').first()).toBeVisible();
    // The refund is prorated across the payment's splits: the procedure's share of the $5.00 was
    // written back on it (a negative split), so it has less left to refund.
    await expect
      .poll(
        async () => {
          const { payment } = await api<{ payment: OpenDentalPayment | null }>(
            page,
            'GET',
            `/api/transaction/getOpenDentalPayment?transactionId=${row.id}`,
          );
          return payment?.paySplits.find((s) => s.splitNum === split.splitNum)?.splitAmt ?? split.splitAmt;
        },
        { timeout: 15_000 },
      )
      .toBeLessThan(split.splitAmt);
    const { payment } = await api<{ payment: OpenDentalPayment | null }>(
      page,
      'GET',
      `/api/transaction/getOpenDentalPayment?transactionId=${row.id}`,
    );
    const after = payment!.paySplits.find((s) => s.splitNum === split.splitNum)!;
    expect(split.splitAmt - after.splitAmt).toBeLessThanOrEqual(500);
    expect(after.procNum).toBe(split.procNum);
  });
});
