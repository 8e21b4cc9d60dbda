/**
 * Issue 31's "look at every screen": the portal's transactions, allocation and memberships screens,
 * signed in as the administrator, at 1024×768 and 1440×900, in the light and the dark theme, into
 * .cache/part2-shots/{size}-{theme}-{screen}.png. Nothing is submitted: each dialog is opened (and
 * its fields filled where the brief asks) and photographed, so the sandbox can be reused. Each page's
 * console errors and uncaught exceptions are listed at the end, with the screen they came from; a
 * screen that could not be reached is listed too (and photographed as `…-FAILED.png`).
 *
 *   npx tsx scripts/build.ts
 *   E2E_PORT=8500 node --import tsx tests/support/e2e-server.ts &
 *   E2E_PORT=8500 npx tsx bench/part2Shots.ts [--only=tx,alloc,mem] [--sizes=1440x900] [--themes=dark]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { signIn } from '../tests/support/oidc.js';
import { launchChromium, signedInContext } from './lib/browser.js';
import { root } from '../tests/support/childServer.js';

const base = `http://localhost:${process.env.E2E_PORT ?? 8380}`;
const SHOTS = path.join(root, '.cache', 'part2-shots');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = new Set((arg('only') ?? 'tx,alloc,mem').split(','));
const SIZES = (arg('sizes') ?? '1024x768,1440x900')
  .split(',')
  .map((s) => s.split('x').map(Number) as [number, number]);
const THEMES = (arg('themes') ?? 'light,dark').split(',') as ('light' | 'dark')[];
const WAIT = 15_000;

interface Envelope<T> {
  isSuccess: boolean;
  value: T | null;
  errors: string[];
}

interface Row {
  referenceId: string;
  customerId: number | null;
  customerKey: number | null;
  firstName: string | null;
  lastName: string | null;
  source: string;
  status: string;
  fundingSource: string;
  isSettled: boolean;
  refundVoidType: string | null;
  paymentPlanId: number | null;
  unallocated?: number | null;
}

interface MembershipRow {
  id: number;
  customerId: number;
  balance: number;
}

const token = (await signIn(base, 'admin@chairside.test')).access_token;

async function api<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (!envelope.isSuccess) throw new Error(`${url}: ${envelope.errors.join(' ')}`);
  return envelope.value!;
}

const rows = (filter: object) => api<Row[]>('/api/transaction/transactions', { pageSize: 100, ...filter });
const idOf = (referenceId: string) => referenceId.split('#')[0]!.split('-')[0]!;

// The records each screen needs, found once through the API (the same ones the e2e specs use).
const approved = await rows({ status: 'APPROVED' });
const refundable = approved.find(
  (t) => t.fundingSource === 'CARD' && t.customerId !== null && t.isSettled && !t.refundVoidType,
);
const voidable = approved.find(
  (t) =>
    t.fundingSource === 'CARD' &&
    !t.isSettled &&
    !t.refundVoidType &&
    t.customerId !== null &&
    t.paymentPlanId === null,
);
const movable = (await rows({ status: 'APPROVED', modules: ['VIRTUALTERMINAL'] })).find(
  (t) => t.customerId !== null,
);
const orphan = (await rows({ viewOtherOrphans: true })).find(
  (t) => t.source === 'TERMINAL' && t.lastName === 'Whitfield',
);

/** A patient's terminal payment with something left to allocate (Maria Garcia's first). */
async function allocatable(): Promise<Row | undefined> {
  const all = await rows({ status: 'APPROVED', modules: ['TERMINAL'] });
  const candidates = all
    .filter((r) => r.customerId !== null && r.customerKey !== null)
    .sort((a, b) => Number(b.lastName === 'Garcia') - Number(a.lastName === 'Garcia'));
  for (const c of candidates) {
    const own = await rows({ customerKey: c.customerKey, page: 1 });
    const found = own.find((r) => r.source === 'TERMINAL' && (r.unallocated ?? 0) > 0);
    if (found) return found;
  }
  return undefined;
}
const toAllocate = only.has('alloc') ? await allocatable() : undefined;

const membershipsIn = async (status: string) =>
  (
    await api<{ memberships: MembershipRow[] }>('/api/customerMembershipBilling/list', {
      status,
      pageSize: 20,
    })
  ).memberships;
const members = {
  active: (await membershipsIn('ACTIVE')).find((m) => m.balance === 0),
  pastdue: (await membershipsIn('PAST_DUE'))[0],
  awaiting: (await membershipsIn('AWAITING'))[0],
  canceled: (await membershipsIn('CANCELED'))[0],
  expired: (await membershipsIn('EXPIRED'))[0],
};
console.log(
  'records:',
  JSON.stringify({
    refundable: refundable?.referenceId,
    voidable: voidable?.referenceId,
    movable: movable?.referenceId,
    orphan: orphan?.referenceId,
    toAllocate: toAllocate?.referenceId,
    members: Object.fromEntries(Object.entries(members).map(([k, v]) => [k, v?.id])),
  }),
);

const problems: string[] = [];
const notes: string[] = [];
let current = 'sign-in';

fs.mkdirSync(SHOTS, { recursive: true });
const browser = await launchChromium();

try {
  for (const [width, height] of SIZES) {
    for (const theme of THEMES) {
      const tag = `${width}x${height}-${theme}`;
      const context = await signedInContext(browser, base, { width, height }, theme);
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${tag} ${current}: console: ${m.text().slice(0, 300)}`);
      });
      page.on('pageerror', (e) => problems.push(`${tag} ${current}: uncaught: ${e.message.slice(0, 300)}`));

      const shot = async (name: string, fullPage = false) => {
        await page.mouse.move(0, 0);
        await page.waitForTimeout(250);
        await page.screenshot({
          path: path.join(SHOTS, `${tag}-${name}.png`),
          fullPage,
          animations: 'disabled',
          caret: 'hide',
        });
      };
      /** A fresh load of `hash` (no dialog left open from the screen before). */
      const open = async (hash: string) => {
        await page.goto('about:blank');
        await page.goto(`${base}/${hash}`);
        await page.getByRole('main', { includeHidden: true }).waitFor();
      };
      const screen = async (name: string, run: () => Promise<void>) => {
        current = name;
        try {
          await run();
        } catch (error) {
          problems.push(`${tag} ${name}: could not be reached: ${(error as Error).message.split('\n')[0]}`);
          await page.screenshot({ path: path.join(SHOTS, `${tag}-${name}-FAILED.png`) }).catch(() => {});
        }
      };
      const table = () => page.getByRole('table', { name: 'Transactions' });
      const firstRow = () => table().locator('tbody tr').first();
      const rowMenu = async (referenceId: string) => {
        await page
          .getByRole('search', { name: 'Filter transactions' })
          .getByRole('textbox', { name: 'Transaction ID' })
          .fill(idOf(referenceId));
        const button = table()
          .locator(`tr[data-reference="${referenceId}"]`)
          .getByRole('button', { name: `Actions for ${idOf(referenceId)}` });
        await button.click();
        await page.getByRole('menuitem', { name: 'View Details' }).waitFor();
      };
      const listLoaded = async () => {
        await page
          .getByRole('status')
          .filter({ hasText: /transactions?$/ })
          .first()
          .waitFor();
      };

      if (only.has('tx')) {
        await screen('tx-list', async () => {
          await open('#/transactions');
          await firstRow().waitFor();
          await shot('tx-list', true);
          const exportButton = page.getByRole('button', { name: 'Export CSV' });
          notes.push(`${tag} Export CSV with rows: enabled=${await exportButton.isEnabled()}`);
          await shot('tx-export-with-rows');
        });
        await screen('tx-list-declined', async () => {
          await open('#/transactions?status=declined');
          await firstRow().waitFor();
          await shot('tx-list-declined', true);
        });
        await screen('tx-list-unassociated', async () => {
          await open('#/transactions?unassociated=page,other');
          await firstRow().waitFor();
          await shot('tx-list-unassociated', true);
        });
        await screen('tx-export-empty', async () => {
          await open('#/transactions?dates=custom&from=2030-01-01&to=2030-01-02');
          await listLoaded().catch(() => {});
          await page.waitForTimeout(1000);
          const exportButton = page.getByRole('button', { name: 'Export CSV' });
          notes.push(`${tag} Export CSV with no rows: enabled=${await exportButton.isEnabled()}`);
          await shot('tx-export-empty');
        });
        await screen('tx-row-menu', async () => {
          await open('#/transactions');
          await rowMenu(refundable!.referenceId);
          await shot('tx-row-menu');
          await page.getByRole('menuitem', { name: 'View Details' }).click();
          await page.getByRole('dialog', { name: 'Transaction Details' }).waitFor();
          await page.waitForTimeout(500);
          await shot('tx-details');
        });
        await screen('tx-refund', async () => {
          await open('#/transactions');
          await rowMenu(refundable!.referenceId);
          await page.getByRole('menuitem', { name: 'Refund' }).click();
          const form = page.getByRole('dialog', { name: 'Refund Transaction' });
          await form.getByRole('textbox', { name: /Refund Amount/ }).fill('10.00');
          await shot('tx-refund');
        });
        await screen('tx-void', async () => {
          await open('#/transactions');
          await rowMenu(voidable!.referenceId);
          await shot('tx-row-menu-unsettled');
          await page.getByRole('menuitem', { name: 'Void' }).click();
          await page.getByRole('dialog', { name: 'Void Transaction' }).waitFor();
          await shot('tx-void');
        });
        await screen('tx-move', async () => {
          await open('#/transactions?source=VIRTUALTERMINAL');
          await rowMenu(movable!.referenceId);
          await page.getByRole('menuitem', { name: 'Move Payment' }).click();
          const dialog = page.getByRole('dialog', { name: 'Move Payment' });
          await dialog.waitFor();
          await shot('tx-move-empty');
          await dialog.getByRole('textbox').fill('Smith');
          await dialog.getByRole('button', { name: 'Search' }).click();
          await dialog.getByRole('radio').first().check();
          await shot('tx-move');
        });
        await screen('tx-associate', async () => {
          await open('#/transactions?unassociated=other');
          await rowMenu(orphan!.referenceId);
          await shot('tx-row-menu-unassociated');
          await page.getByRole('menuitem', { name: 'Associate Transaction' }).click();
          const dialog = page.getByRole('dialog', { name: 'Associate Transaction' });
          const matches = dialog.getByRole('radiogroup', { name: 'Possible Matches' });
          await matches.getByRole('radio').first().waitFor();
          await shot('tx-associate-matches');
          await matches
            .getByRole('radio', { name: /Noah Whitfield/ })
            .first()
            .check();
          await shot('tx-associate');
        });
        await screen('patient-transactions', async () => {
          await open(`#/customer/${refundable!.customerId}?key=${refundable!.customerKey}`);
          const list = page.getByRole('table', { name: 'Transactions' });
          await list.locator('tbody tr').first().waitFor();
          await shot('patient-page', true);
          await list.scrollIntoViewIfNeeded();
          await shot('patient-transactions');
        });
      }

      if (only.has('alloc')) {
        const allocation = async (): Promise<Locator> => {
          await open(`#/customer/${toAllocate!.customerId}?key=${toAllocate!.customerKey}`);
          await table()
            .getByRole('button', { name: `Actions for ${idOf(toAllocate!.referenceId)}` })
            .click();
          await page.getByRole('menuitem', { name: 'Allocate' }).click();
          const dialog = page.getByRole('dialog', { name: 'Procedures' });
          await dialog.getByRole('table', { name: 'Procedures due' }).waitFor();
          await dialog.getByRole('radio', { name: 'All Dates' }).check();
          return dialog;
        };
        await screen('alloc-fifo', async () => {
          const dialog = await allocation();
          await shot('alloc-open');
          await dialog.getByRole('switch', { name: 'Apply Amount' }).click();
          await dialog.getByRole('textbox', { name: 'Amount to Allocate' }).fill('10.00');
          await dialog.getByRole('radio', { name: 'FIFO' }).check();
          await page.waitForTimeout(500);
          await shot('alloc-fifo');
          await dialog.getByRole('radio', { name: 'LIFO' }).check();
          await page.waitForTimeout(500);
          await shot('alloc-lifo');
          await dialog.getByRole('radio', { name: 'Select' }).check();
          const boxes = dialog.getByRole('checkbox', { name: /^Pay D/ });
          let checked = 0;
          for (const box of await boxes.all()) {
            if (checked === 2) break;
            if (!(await box.isEnabled())) continue;
            await box.check();
            checked++;
          }
          await page.waitForTimeout(500);
          await shot('alloc-select');
        });
      }

      if (only.has('mem')) {
        const filters = [
          '',
          'attention',
          'active',
          'awaiting',
          'pastdue',
          'cardexpiring',
          'expiring',
          'expired',
          'canceled',
        ];
        for (const status of filters) {
          const name = `mem-page${status ? `-${status}` : ''}`;
          await screen(name, async () => {
            await open(`#/customermembershipbillings${status ? `?status=${status}` : ''}`);
            await page.getByRole('group', { name: 'Active members' }).waitFor();
            await page
              .getByRole('table', { name: 'Memberships' })
              .or(page.getByText(/^No /))
              .first()
              .waitFor();
            await page.waitForTimeout(500);
            await shot(name, true);
          });
        }
        const modalFor = async (id: number) => {
          await open(`#/customermembershipbillings?customerMembershipBillingId=${id}`);
          const modal = page.getByRole('dialog', { name: /^Membership for / });
          await modal.getByText(`Membership ID: ${id}`, { exact: true }).waitFor();
          await page.waitForTimeout(500);
          return modal;
        };
        for (const [status, row] of Object.entries(members)) {
          await screen(`mem-${status}`, async () => {
            const modal = await modalFor(row!.id);
            await shot(`mem-${status}-enrollees`);
            const history = modal.getByRole('tab', { name: 'Payment History' });
            if ((await history.count()) === 0) {
              const tabs = await modal.getByRole('tab').allTextContents();
              notes.push(`${tag} the ${status} membership's tabs: ${tabs.join(', ')}`);
              return;
            }
            await history.click();
            await page.waitForTimeout(500);
            await shot(`mem-${status}-history`);
          });
        }
        await screen('mem-renewal-options', async () => {
          const modal = await modalFor(members.active!.id);
          await modal
            .getByRole('region', { name: 'Renewal', exact: true })
            .getByRole('button', { name: 'Change/Cancel' })
            .click();
          await page.getByRole('dialog', { name: 'Renewal Options' }).waitFor();
          await shot('mem-renewal-options');
        });
        await screen('mem-change-card', async () => {
          const modal = await modalFor(members.active!.id);
          await modal.getByRole('button', { name: 'Change Card' }).click();
          await page.getByRole('dialog', { name: /^Change Card/ }).waitFor();
          await page.waitForTimeout(1000);
          await shot('mem-change-card');
        });
        await screen('mem-cancel', async () => {
          const modal = await modalFor(members.active!.id);
          await modal
            .getByRole('region', { name: 'Renewal', exact: true })
            .getByRole('button', { name: 'Cancel Membership' })
            .click();
          const cancel = page.getByRole('dialog', { name: 'Cancel Membership' });
          await cancel.waitFor();
          await shot('mem-cancel');
          await cancel.getByRole('radio', { name: 'On expiration' }).check();
          await shot('mem-cancel-on-expiration');
        });
        for (const status of ['expired', 'canceled'] as const) {
          await screen(`mem-restart-${status}`, async () => {
            const modal = await modalFor(members[status]!.id);
            const restart = modal.getByRole('button', { name: 'Restart Membership' });
            if ((await restart.count()) === 0) {
              notes.push(
                `${tag} the ${status} membership ${members[status]!.id} offers no Restart Membership`,
              );
              return;
            }
            await restart.click();
            await page.getByRole('dialog', { name: 'Restart Membership' }).waitFor();
            await page.waitForTimeout(1000);
            await shot(`mem-restart-${status}`);
          });
        }
        await screen('mem-new', async () => {
          await open(`#/Customer/${members.active!.customerId}`);
          const section = page.getByRole('region', { name: 'Memberships' });
          await section.getByRole('button', { name: 'New Membership' }).click();
          const dialog = page.getByRole('dialog', { name: /^New Membership for / });
          await dialog.getByRole('radio', { name: 'Monthly' }).waitFor();
          await shot('mem-new-start');
          const select = dialog.getByRole('combobox', { name: 'Plan for enrollee 1' });
          const option = select.getByRole('option', { name: /^Smile Club Adult · / });
          await select.selectOption({ label: (await option.first().textContent())! });
          await page.waitForTimeout(500);
          await shot('mem-new-now');
          await dialog
            .getByRole('radio', { name: 'Signature' })
            .check()
            .catch(() => {});
          await shot('mem-new-now-signature');
          await dialog.getByRole('radio', { name: /By link/ }).check();
          await page.waitForTimeout(300);
          await shot('mem-new-link');
        });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}

console.log(`screenshots in ${path.relative(root, SHOTS)}/`);
for (const note of notes) console.log(note);
if (problems.length > 0) console.log(`problems:\n${problems.join('\n')}`);
else console.log('console: no errors');
