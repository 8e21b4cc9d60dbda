/**
 * Memberships' portal screens end to end, in Chromium, against the e2e sandbox (issue 21's "Done
 * when" items of the portal's part):
 * - an administrator creates a plan in Membership Administration, from the user menu;
 * - enrols the Garcia family (Maria, Sofia and Mateo) now, with a signature, from Maria's page;
 * - enrols John Smith by link: the patient completes the enrolment page in a second browser context
 *   (no sign-in, the card through the provider's frame), and the open 'Membership for John Smith'
 *   modal leaves Awaiting Completion without a reload;
 * - the Memberships page filters, searches and opens a membership;
 * - a viewer sees the memberships without New Membership and cannot open Membership Administration.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.js';
import { signIn as signInOverHttp } from '../support/oidc.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { openUserMenu, signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';

async function api<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { isSuccess: boolean; value: T; errors: string[] };
  expect(res.status, JSON.stringify(envelope)).toBe(200);
  expect(envelope.isSuccess, envelope.errors.join(' ')).toBe(true);
  return envelope.value;
}

/** The id of the customer of that name at Bright Smiles Dental. */
async function customerId(token: string, first: string, last: string): Promise<number> {
  const found = await api<{ id: number; firstName: string; lastName: string }[]>(
    token,
    'GET',
    `/api/customer/searchCustomer?name=${encodeURIComponent(`${first} ${last}`)}`,
  );
  const customer = found.find((c) => c.firstName === first && c.lastName === last);
  expect(customer, `${first} ${last} is a customer`).toBeTruthy();
  return customer!.id;
}

/** The patient's own browser: no session of the practice's. */
async function patientPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);
  return { page, errors, close: () => context.close() };
}

let adminToken: string;
test.beforeAll(async () => {
  ({ access_token: adminToken } = await signInOverHttp(baseURL, 'admin@chairside.test'));
});

/** Chooses the plan whose option starts with `plan` (options carry the price: "Smile Club Adult · $33.00"). */
async function choosePlan(dropdown: Locator, plan: string) {
  await dropdown.click();
  await dropdown
    .page()
    .getByRole('option', { name: new RegExp(`^${plan}`) })
    .first()
    .click();
}

/** The 'Membership for {name}' modal the portal opens. */
const membershipModal = (page: Page) => page.getByRole('dialog', { name: /^Membership for / });

/** The open modal's membership id, from its pill. */
async function modalMembershipId(page: Page): Promise<number> {
  const pill = membershipModal(page).getByText(/^Membership ID: \d+$/);
  await expect(pill).toBeVisible();
  return Number((await pill.textContent())!.replace(/\D/g, ''));
}

test('an administrator adds a plan to the catalogue, and a bad price is named without saving', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin');
  const menu = await openUserMenu(page, /Avery Admin/);
  await menu.getByRole('menuitem', { name: 'Membership Administration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Membership Administration' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Membership plans' });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Plan' });
  await dialog.getByRole('textbox', { name: /Label/ }).fill('Whitening Club');
  await dialog.getByRole('textbox', { name: /Description/ }).fill('Whitening touch-ups all year.');
  await dialog.getByRole('textbox', { name: 'Benefit 1' }).fill('2 cleanings a year');
  await dialog.getByRole('button', { name: 'Add Benefit' }).click();
  await dialog.getByRole('textbox', { name: 'Benefit 2' }).fill('20% off fillings');
  await dialog.getByRole('textbox', { name: /Monthly price/ }).fill('19.999');
  await dialog.getByRole('button', { name: 'Add Plan' }).click();
  await expect(dialog.getByText('The Monthly price is not a currency value.')).toBeVisible();

  await dialog.getByRole('textbox', { name: /Monthly price/ }).fill('19.99');
  await dialog.getByRole('textbox', { name: /Yearly price/ }).fill('199');
  await dialog.getByRole('button', { name: 'Add Plan' }).click();
  await expect(dialog).toBeHidden();
  const row = table.locator('tbody tr').filter({ hasText: 'Whitening Club' });
  await expect(row).toContainText('$19.99');
  await expect(row).toContainText('$199.00');
  await expect(row).toContainText('20% off fillings');

  // It is in the catalogue as the server keeps it.
  const plans = await api<{ label: string; monthlyAmount: number | null }[]>(
    adminToken,
    'GET',
    '/api/membershipPlan/list',
  );
  expect(plans.find((p) => p.label === 'Whitening Club')?.monthlyAmount).toBe(1999);
  expect(errors).toEqual([]);
});

test('the front desk’s administrator enrols the Garcia family of three now, with a signature', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const maria = await customerId(adminToken, 'Maria', 'Garcia');
  await signInToPortal(page, 'admin', `/#/Customer/${maria}`);
  const section = page.getByRole('region', { name: 'Memberships' });
  await section.getByRole('button', { name: 'New Membership' }).click();
  const dialog = page.getByRole('dialog', { name: /^New Membership for / });
  for (const name of ['Sofia', 'Mateo']) {
    await dialog.getByRole('combobox', { name: 'Add a family member' }).fill(`${name} Garcia`);
    await page
      .getByRole('option', { name: new RegExp(`^${name} Garcia`) })
      .first()
      .click();
    await expect(dialog.getByRole('combobox', { name: /Enrollee \d/ }).last()).toHaveValue(/\d+/);
  }
  await expect(dialog.getByRole('combobox', { name: /^Plan for enrollee/ })).toHaveCount(3);
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 1' }), 'Smile Club Adult');
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 2' }), 'Smile Club Kids');
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 3' }), 'Smile Club Kids');
  await expect(dialog.getByLabel('Cycle amount')).toContainText('$79.00');

  // Maria's card on file, or a new one through the provider's frame.
  const addCard = dialog.getByRole('button', { name: 'Add a Card' });
  if (await addCard.isVisible()) {
    await addCard.click();
    await typeCard(page.frameLocator('iframe[title="Card details"]'), VISA);
    await page.getByRole('button', { name: 'Add Card' }).click();
  }
  await dialog.getByRole('radio', { name: 'Signature' }).check();
  await dialog.getByRole('textbox', { name: /Signature/ }).fill('Maria Garcia');
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Membership Created')).toBeVisible();

  // The new membership opens in its modal; the section lists it.
  const id = await modalMembershipId(page);
  const membership = await api<{
    status: string;
    billingMemberships: { customer: { firstName: string } }[];
    authorization: { method: string; ipAddress: string | null; approvedDate: string } | null;
  }>(adminToken, 'GET', `/api/customerMembershipBilling/getCustomerMembershipBilling?id=${id}`);
  expect(membership.status).toBe('ACTIVE');
  expect(membership.billingMemberships.map((l) => l.customer.firstName).sort()).toEqual([
    'Maria',
    'Mateo',
    'Sofia',
  ]);
  expect(membership.authorization?.method).toBe('SIGNATURE');
  expect(membership.authorization?.ipAddress).toBeTruthy();
  expect(errors).toEqual([]);
});

test('John Smith is enrolled by link, completes it in his own browser, and the modal leaves Awaiting live', async ({
  page,
  browser,
}) => {
  const john = await customerId(adminToken, 'John', 'Smith');
  await signInToPortal(page, 'admin', `/#/Customer/${john}`);
  const section = page.getByRole('region', { name: 'Memberships' });
  await section.getByRole('button', { name: 'New Membership' }).click();
  const dialog = page.getByRole('dialog', { name: /^New Membership for / });
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 1' }), 'Smile Club Adult');
  await dialog.getByRole('radio', { name: /By link/ }).check();
  await dialog.getByRole('switch', { name: 'Email' }).check();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('john.smith@example.com');
  const before = new Date(Date.now() - 1_000).toISOString();
  await dialog.getByRole('button', { name: 'Send Enrollment Link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The patient has been notified to complete their enrollment.')).toBeVisible();
  const element = membershipModal(page);
  await modalMembershipId(page);
  await expect(element.getByText('Awaiting Completion').first()).toBeVisible();

  const outbox = await api<{ messages: { channel: string; link: string | null; created: string }[] }>(
    adminToken,
    'GET',
    '/sandbox/outbox.json?limit=20',
  );
  const mail = outbox.messages.find(
    (m) => m.channel === 'EMAIL' && m.created >= before && m.link?.includes('/#/enroll/'),
  );
  expect(mail?.link).toBeTruthy();

  const patient = await patientPage(browser);
  await patient.page.goto(mail!.link!);
  await expect(patient.page.getByRole('heading', { name: 'Hi John,' })).toBeVisible();
  await expect(patient.page.getByRole('article', { name: /Smile Club Adult for John/ })).toBeVisible();
  await typeCard(patient.page.frameLocator('iframe[title="Card details"]'), VISA);
  await patient.page.getByRole('button', { name: 'Continue' }).click();
  const cost = patient.page.getByRole('region', { name: 'Your membership’s cost' });
  await expect(cost).toContainText('Visa');
  await cost.getByRole('textbox', { name: /Signature/ }).fill('John Smith');
  await cost.getByRole('button', { name: 'Sign and Enroll' }).click();
  await expect(patient.page.getByText('You are enrolled.')).toBeVisible();
  expect(patient.errors).toEqual([]);
  await patient.close();

  // The staff's open modal follows without a reload.
  await expect(element.getByText('Awaiting Completion')).toHaveCount(0);
  await expect(element.getByText('Active').first()).toBeVisible();
});

test('the Memberships page filters by status and patient and opens a membership', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'frontdesk', '/#/customermembershipbillings');
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Active members' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Memberships' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('pastdue');
  await expect(page).toHaveURL(/status=pastdue/);
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('searchbox').fill('garcia');
  await expect(page).toHaveURL(/q=garcia/);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
  const first = table.locator('tbody tr').first();
  await first.getByRole('button').first().click();
  await expect(page).toHaveURL(/customerMembershipBillingId=\d+/);
  await modalMembershipId(page);
  expect(errors).toEqual([]);
});

test('a viewer sees memberships without New Membership or Membership Administration', async ({ page }) => {
  await signInToPortal(page, 'viewer', '/#/customermembershipbillings');
  await expect(page.getByRole('table', { name: 'Memberships' })).toBeVisible();
  await page.goto('/#/managemembership');
  await expect(
    page.getByText(/Membership administration needs the role to manage memberships\./),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Plan' })).toHaveCount(0);
  const { access_token: viewerToken } = await signInOverHttp(baseURL, 'viewer@chairside.test');
  const refused = await fetch(`${baseURL}/api/membershipPlan/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${viewerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'Nope', monthlyAmount: 100 }),
  });
  expect(refused.status).toBe(403);
});
