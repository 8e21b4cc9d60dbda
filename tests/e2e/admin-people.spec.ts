/**
 * The admin area's people and practices in Chromium (issue 34), as an administrator and the people
 * they manage: a new practice whose first user accepts the invitation in a browser of their own, sets
 * a password and lands in it; the front desk given the void role sees Void; a disabled person's next
 * step is refused. On a sandbox of its own: each changes people and practices.
 */
import { expect, test, type Browser } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { mailedLink } from './support/outbox.js';
import { createRequest, newCustomer } from '../support/payments.js';
import { accessToken, fillSignIn, signInToPortal } from './support/portal.js';

let server: TestServer;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
});
test.afterAll(async () => server?.close());

/** A page in a browser context of its own: another person at another computer. */
async function otherPerson(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an administrator sets up a practice; its first user accepts the invitation, sets a password and lands in it', async ({
  page,
  browser,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/admin/companies`);
  await page.getByRole('link', { name: 'New Dentist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Dentist' })).toBeVisible();

  await page.getByLabel('Practice name').fill('Juniper Ridge Dental');
  await page.getByLabel('Phone').fill('512 555 0199');
  await page.getByLabel('Practice system').selectOption({ label: 'Eaglesoft' });
  await page.getByRole('combobox', { name: /^State/ }).selectOption({ label: 'Texas' });
  await page.getByLabel('Headquarters').fill('Juniper Ridge');
  await page.getByRole('button', { name: 'Add a clinic' }).click();
  await page.getByRole('textbox', { name: 'Clinic 2' }).fill('Mill Creek');
  await page.getByLabel('Business ID').fill('biz_juniper');
  await page.getByLabel('App ID').fill('app_juniper');
  await page.getByLabel('Store ID').fill('store juniper');
  await page.getByLabel('First name').fill('June');
  await page.getByLabel('Last name').fill('Ridge');
  await page.getByLabel('E-mail').fill('june.ridge@juniper.test');
  await page.getByRole('button', { name: 'Set up and send invitation' }).click();
  // The server refuses the store id with a space, on its field, and nothing is set up.
  await expect(page.getByText('Store ID may hold letters, digits and _ . : - only')).toBeVisible();
  await page.getByLabel('Store ID').fill('store_juniper');
  await page.getByRole('button', { name: 'Set up and send invitation' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Ridge Dental' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'People' })).toContainText('june.ridge@juniper.test');
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('Practice set up');
  // Its profile, edited from its page.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Edit Juniper Ridge Dental' });
  await profile.getByLabel('Membership notice days').fill('45');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile).toBeHidden();
  await expect(page.getByText('45 days before expiry')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('Practice changed');

  const link = await mailedLink(server, 'june.ridge@juniper.test', 'You are invited to Chairside');
  const june = await otherPerson(browser);
  try {
    await june.page.goto(link);
    await expect(june.page.getByRole('heading', { name: 'Welcome to Chairside' })).toBeVisible();
    await june.page.getByLabel('New password', { exact: true }).fill('juniper berries');
    await june.page.getByLabel('Confirm the new password').fill('juniper berries');
    await june.page.getByRole('button', { name: 'Set my password' }).click();
    await expect(june.page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
    await june.page.getByRole('link', { name: 'Sign in to Chairside' }).click();
    await fillSignIn(june.page, 'june.ridge@juniper.test', 'juniper berries');
    await june.page.waitForURL((url) => url.hash.startsWith('#/terms-of-service'));
    await june.page.getByRole('button', { name: 'Accept' }).click();
    await expect(june.page).toHaveURL(/#\/dashboard$/);
    await expect(june.page.getByRole('button', { name: /Juniper Ridge Dental/ })).toBeVisible();
  } finally {
    await june.context.close();
  }
  // The refused store id is the browser's one log line: a 400 it reports for the call.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  expect(errors).toHaveLength(1);
});

test('the front desk given the void role sees Void on an unsettled payment', async ({ page, browser }) => {
  // An unsettled card payment of Bright Smiles, where the front desk works.
  const admin = await server.tokenFor('admin');
  const { body } = await server.call<
    {
      referenceId: string;
      fundingSource: string;
      isSettled: boolean;
      refundVoidType: string | null;
      customerId: number | null;
    }[]
  >('POST', '/api/transaction/transactions', { token: admin, body: { status: 'APPROVED', pageSize: 100 } });
  const payment = body.value!.find(
    (t) => t.fundingSource === 'CARD' && !t.isSettled && t.refundVoidType === null && t.customerId !== null,
  )!;
  const shortId = payment.referenceId.split('#')[0]!.split('-')[0]!;

  const desk = await otherPerson(browser);
  const openMenu = async () => {
    const filters = desk.page.getByRole('search', { name: 'Filter transactions' });
    await filters.getByRole('textbox', { name: 'Transaction ID' }).fill(shortId);
    const button = desk.page
      .getByRole('table', { name: 'Transactions' })
      .locator(`tr[data-reference="${payment.referenceId}"]`)
      .getByRole('button', { name: `Actions for ${shortId}` });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(desk.page.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
  };
  try {
    await signInToPortal(desk.page, 'frontdesk', `${server.url}/#/transactions`);
    await openMenu();
    await expect(desk.page.getByRole('menuitem', { name: 'Void' })).toHaveCount(0);
    await desk.page.keyboard.press('Escape');

    await signInToPortal(page, 'admin', `${server.url}/#/admin/adminusers?q=frontdesk`);
    await page.getByRole('link', { name: 'Fran Desk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fran Desk' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit roles in Bright Smiles Dental' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roles in Bright Smiles Dental' });
    await dialog.getByRole('checkbox', { name: 'Process voids' }).check();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Practices and roles' })).toContainText('Process voids');
    await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('Roles changed');

    // Her next page load asks the server, which says she may void now.
    await desk.page.reload();
    await openMenu();
    await expect(desk.page.getByRole('menuitem', { name: 'Void' })).toBeVisible();
  } finally {
    await desk.context.close();
  }
});

test("a disabled person's next step is refused, and they cannot sign in again", async ({ page, browser }) => {
  const viewer = await otherPerson(browser);
  try {
    await signInToPortal(viewer.page, 'viewer', `${server.url}/#/dashboard`);
    const token = await accessToken(viewer.page);

    await signInToPortal(page, 'admin', `${server.url}/#/admin/adminusers?q=viewer`);
    await page.getByRole('link', { name: 'Vic Viewer' }).click();
    await page.getByRole('button', { name: 'Disable account' }).click();
    await page
      .getByRole('alertdialog', { name: "Disable Vic Viewer's account?" })
      .getByRole('button', { name: 'Disable account' })
      .click();
    await expect(page.getByText('Disabled', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();

    // The token the viewer's portal holds is refused at once…
    const refused = await viewer.page.request.post(`${server.url}/api/auth/login`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).errors).toEqual(['This account is disabled. Ask your administrator.']);
    // …so their next step ends at the sign-in page, where the password no longer works.
    await viewer.page.reload();
    await expect(viewer.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await fillSignIn(viewer.page, 'viewer@chairside.test');
    await expect(viewer.page.getByRole('alert')).toBeVisible();
    expect(new URL(viewer.page.url()).hash).not.toMatch(/^#\/dashboard/);
  } finally {
    await viewer.context.close();
  }
});

test('System Admin: a maintenance notice everyone sees, and new terms that send a signed-in person to the gate', async ({
  page,
  browser,
}) => {
  const desk = await otherPerson(browser);
  try {
    await signInToPortal(desk.page, 'frontdesk', `${server.url}/#/paymentplans`);
    await expect(desk.page.getByRole('heading', { level: 1, name: 'Payment Plans' })).toBeVisible();

    await signInToPortal(page, 'admin', `${server.url}/#/admin/sysadmin`);
    await expect(page.getByRole('heading', { level: 1, name: 'System Admin' })).toBeVisible();
    await page.getByLabel('Maintenance notice').fill('Card payments pause Sunday 2–3 AM for maintenance.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(page.getByLabel('Maintenance notice', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Card payments pause Sunday 2–3 AM for maintenance.').first()).toBeVisible();

    await page.getByLabel('New version').fill('2026-12');
    await page.getByLabel('Text').fill('Chairside Terms of Service, December 2026: read before you go on.');
    await page.getByRole('button', { name: 'Publish new version' }).click();
    await page
      .getByRole('alertdialog', { name: 'Publish version 2026-12?' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await expect(page.getByText('Version 2026-12 is in force, published')).toBeVisible();
    // The administrator's next step meets the new terms too.
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Dentists' })
      .click();
    await expect(page.getByText('Terms of Service (version 2026-12)')).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dentists' })).toBeVisible();
    await page.goto(`${server.url}/#/admin/sysadmin`);
    await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText(
      'Terms of service published',
    );

    // The front desk's next step meets the gate, with the new text, and the notice on every page.
    await desk.page.getByRole('link', { name: 'Transactions' }).click();
    await expect(desk.page.getByText('Terms of Service (version 2026-12)')).toBeVisible();
    await expect(desk.page.getByText('read before you go on.')).toBeVisible();
    await desk.page.getByRole('button', { name: 'Accept' }).click();
    await expect(desk.page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await desk.page.reload();
    await expect(desk.page.getByText('Card payments pause Sunday 2–3 AM for maintenance.')).toBeVisible();
  } finally {
    await desk.context.close();
  }
});

test("a gateway's new surcharge rate is what a new payment request's page quotes", async ({
  page,
  browser,
}) => {
  await signInToPortal(page, 'admin', `${server.url}/#/admin/gateways?q=bright`);
  await page
    .getByRole('table', { name: 'Gateways' })
    .getByRole('link', { name: 'Bright Smiles Dental' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bright Smiles Dental: gateway' })).toBeVisible();
  await expect(page.getByText(/On file: ••••/)).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The card provider accepts business biz_brightsmiles' }),
  ).toBeVisible();

  await page.getByLabel('Surcharge rate').fill('3.5');
  await page.getByRole('button', { name: 'Save gateway' }).click();
  await expect(page.getByText('Surcharge rate must be a percentage from 0 to 3, such as 2.5.')).toBeVisible();
  await page.getByLabel('Surcharge rate').fill('2.5');
  await page.getByRole('button', { name: 'Save gateway' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('Gateway changed');
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('surchargeRateBps: 300 → 250');

  const frontdesk = await server.tokenFor('frontdesk');
  const customer = await newCustomer(server, frontdesk, {
    email: 'gateway.rate@example.org',
    cell: '5125550177',
  });
  const { request } = await createRequest(server, frontdesk, customer, 4_000);
  const patient = await otherPerson(browser);
  try {
    await patient.page.goto(request.link!);
    await expect(
      patient.page.getByText(/Credit cards carry a 2\.5% surcharge\. Debit and prepaid cards carry none\./),
    ).toBeVisible();
  } finally {
    await patient.context.close();
  }
});
