/**
 * The admin area's moves in Chromium (issue 35), as the administrator: a payment plan made for the
 * wrong patient goes to the right one from Special Ops, after its preview and a confirmation; the
 * practice's audit trail says so, and the plan shows on the new patient's page. A move the rules
 * refuse names the box that is wrong.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { formatCurrency } from '../../embed-sdk/format/index.js';
import { customers, paymentPlans, patients } from '../../server/db/schema/index.js';
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
