/**
 * The admin area's Special Ops in Chromium (issue 35), as the administrator: a payment plan made for
 * the wrong patient goes to the right one, after its preview and a confirmation; the practice's audit
 * trail says so, and the plan shows on the new patient's page. A move the rules refuse names the box
 * that is wrong. A processor's file of three rows, one bad, imports its two good rows as unassociated
 * payments and names the bad row's line. A charge the processor approved with no payment is posted.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { formatCurrency } from '../../embed-sdk/format/index.js';
import {
  customers,
  paymentPlans,
  patients,
  providerCards,
  providerCharges,
} from '../../server/db/schema/index.js';
import { BRIGHT_SMILES } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { signInToPortal } from './support/portal.js';

let server: TestServer;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
});
test.afterAll(async () => server?.close());

test('moves a payment plan to another patient: previewed, confirmed, in the audit trail and on their page', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const db = server.ctx.db;
  const [plan] = await db
    .select()
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.companyId, 1),
        eq(paymentPlans.status, 'ACTIVE'),
        isNull(paymentPlans.pendingCharge),
      ),
    )
    .orderBy(asc(paymentPlans.id))
    .limit(1);
  // A patient of the practice with no payment plan of their own yet.
  const [to] = await db
    .select({ patNum: patients.patNum, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(
      and(
        eq(patients.companyId, 1),
        sql`not exists (select 1 from customers c join payment_plans p on p.customer_id = c.id where c.company_id = 1 and c.patient_key = ${patients.patNum})`,
      ),
    )
    .orderBy(asc(patients.patNum))
    .limit(1);
  const toName = `${to!.firstName} ${to!.lastName}`;

  await signInToPortal(page, 'admin', `${server.url}/#/admin/specialops`);
  await page.getByRole('link', { name: 'Move Payment Plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Move Payment Plan' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Practice' }).first().pressSequentially('Bright');
  await page.getByRole('option', { name: /Bright Smiles Dental/ }).click();
  await page.getByRole('textbox', { name: 'Payment plan number' }).fill(String(plan!.id));

  // A patient the practice does not have is refused, naming the box.
  await page.getByRole('textbox', { name: 'Patient number' }).fill('987654');
  await page.getByRole('button', { name: 'Preview the move' }).click();
  await expect(page.getByText('Bright Smiles Dental has no patient 987654')).toBeVisible();
  // The form says what is wrong; no banner repeats it as a server error.
  await expect(page.getByText('There was an unexpected server error.')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Patient number' }).fill(String(to!.patNum));
  await page.getByRole('button', { name: 'Preview the move' }).click();
  const changes = page.getByRole('list', { name: 'Changes' });
  await expect(changes).toContainText(`Payment plan ${plan!.id} moves from`);
  await expect(changes).toContainText(`to ${toName} (patient ${to!.patNum})`);

  await page.getByRole('button', { name: 'Move payment plan' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Move payment plan ${plan!.id}?` });
  await confirm.getByRole('button', { name: 'Move payment plan' }).click();
  await expect(
    page.getByText(`now belongs to ${toName} (patient ${to!.patNum}) at Bright Smiles Dental`),
  ).toBeVisible();

  await page.getByRole('link', { name: 'See it in the practice’s audit trail' }).click();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row').filter({ hasText: 'Payment plan moved' }).first()).toContainText(
    `→ "${toName}"`,
  );

  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, 1),
        eq(customers.patientKey, to!.patNum),
        ne(customers.id, plan!.customerId),
      ),
    );
  await page.goto(`${server.url}/#/customer/${customer!.id}?key=${to!.patNum}`);
  const plans = page.getByRole('region', { name: 'Payment Plans' });
  await expect(plans.getByText(formatCurrency(plan!.total)).first()).toBeVisible();
  // The refused preview's 400 is the only thing the browser reported.
  expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/admin\/move\/preview/)]);
});

test('imports a processor file of three rows with one bad: the two good ones are unassociated payments, the bad line named', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/specialops`);
  await page.getByRole('link', { name: 'Import Transactions' }).click();
  await page.getByRole('combobox', { name: 'Practice' }).pressSequentially('Bright');
  await page.getByRole('option', { name: /Bright Smiles Dental/ }).click();
  await page.getByLabel('Processor file (CSV)').setInputFiles({
    name: 'settlement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Transaction ID,Date,Amount,Card Type,Last 4,Name on Card,Status',
        'IMPUI001,2026-11-20,125.00,Visa,4242,Jane Doe,Approved',
        'IMPUI002,2026-11-21,12.3.4,Visa,1111,Ray Park,Approved',
        'IMPUI003,2026-11-22,40.50,Mastercard,5454,Lee Ann,Settled',
      ].join('\n'),
    ),
  });
  await page.getByRole('button', { name: 'Preview the import' }).click();
  await expect(
    page.getByText('2 payments ($165.50) become unassociated payments of Bright Smiles Dental.'),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'First rows' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Rows not imported' })).toHaveText(
    'Line 3: amount "12.3.4" is not a valid amount',
  );

  await page.getByRole('button', { name: 'Import 2 payments' }).click();
  await page
    .getByRole('alertdialog', { name: 'Import 2 payments?' })
    .getByRole('button', { name: 'Import' })
    .click();
  await expect(
    page.getByText('2 payments ($165.50) are now unassociated payments of Bright Smiles Dental.'),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rows not imported' })).toHaveText(
    'Line 3: amount "12.3.4" is not a valid amount',
  );

  // The practice's staff (the administrator is at Bright Smiles Dental) find them among the
  // unassociated payments, named as on the card, to associate with their patients.
  for (const [id, name, amount] of [
    ['IMPUI001', 'Jane Doe', '$125.00'],
    ['IMPUI003', 'Lee Ann', '$40.50'],
  ] as const) {
    await page.goto(`${server.url}/#/transactions?unassociated=other&id=${id}`);
    const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: id });
    await expect(row).toContainText(name);
    await expect(row).toContainText(amount);
    await row.getByRole('button', { name: `Actions for ${id}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Associate Transaction' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await page.goto(`${server.url}/#/transactions?id=IMPUI002`);
  await expect(page.getByText('No Transactions')).toBeVisible();
  expect(errors).toEqual([]);
});

test('posts a charge the processor approved with no payment recorded', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await server.ctx.db.insert(providerCards).values({
    token: 'tok_e2e_lost',
    businessId: BRIGHT_SMILES.businessId,
    brand: 'DISCOVER',
    last4: '1117',
    expMonth: 4,
    expYear: 2031,
    funding: 'CREDIT',
    behaviour: 'APPROVE',
  });
  await server.ctx.db.insert(providerCharges).values({
    referenceId: 'LOSTUI1-2026-0001',
    businessId: BRIGHT_SMILES.businessId,
    token: 'tok_e2e_lost',
    kind: 'SALE',
    amount: 87_65,
    approved: true,
    createdAt: new Date(server.ctx.clock.now().getTime() - 5 * 60_000),
  });
  await signInToPortal(page, 'admin', `${server.url}/#/admin/postApproval`);
  await page.getByRole('combobox', { name: 'Practice' }).pressSequentially('Bright');
  await page.getByRole('option', { name: /Bright Smiles Dental/ }).click();
  const approvals = page.getByRole('table', { name: 'Approvals without a payment' });
  const row = approvals.getByRole('row').filter({ hasText: 'LOSTUI1' });
  await expect(row).toContainText('$87.65');
  await expect(row).toContainText('No one (unassociated)');
  await row.getByRole('button', { name: 'Post LOSTUI1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Post LOSTUI1?' });
  await confirm.getByRole('radio', { name: 'Terminal', exact: true }).check();
  await confirm.getByRole('button', { name: 'Post the payment' }).click();
  await expect(
    page.getByText('Payment LOSTUI1 is recorded as an unassociated payment, for staff to associate.'),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('registers two practices’ wallet domains: the run’s progress finishes and their status turns verified', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/bulkApplePayStatus`);
  const table = page.getByRole('table', { name: 'Practices’ wallet domains' });
  const bright = table.getByRole('row').filter({ hasText: 'Bright Smiles Dental' });
  const cedar = table.getByRole('row').filter({ hasText: 'Cedar Family Dentistry' });
  await expect(bright).toContainText('Not registered');
  await expect(bright).toContainText(new URL(server.url).hostname);
  await bright.getByRole('checkbox', { name: 'Choose Bright Smiles Dental' }).check();
  await cedar.getByRole('checkbox', { name: 'Choose Cedar Family Dentistry' }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Register 2 practices?' })
    .getByRole('button', { name: 'Register' })
    .click();
  await expect(page.getByText('2 of 2 practices done').first()).toBeVisible();
  await expect(bright).toContainText('Verified');
  await expect(cedar).toContainText('Verified');
  await expect(table.getByRole('row').filter({ hasText: 'Harbor View Dental' })).toContainText(
    'Not registered',
  );
  await expect(page.getByRole('table', { name: 'Runs' }).getByRole('row').nth(1)).toContainText('Register');
  await page.getByRole('tab', { name: /Verified/ }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  expect(errors).toEqual([]);
});
