/**
 * Memberships' portal screens end to end, in Chromium, against the e2e sandbox (issue 21's "Done
 * when" items of the portal's part; the clock, declines, retries, expiry and refunds are
 * membership-billing.spec.ts's):
 * - an administrator creates a plan in Membership Administration, from the user menu;
 * - enrols the Garcia family (Maria, Sofia and Mateo) now, with a signature, from Maria's page,
 *   adding Maria's first card through 'Add a Card' (the seed gives her none);
 * - enrols John Smith by link: the patient completes the enrolment page in a second browser context
 *   (no sign-in, the card through the provider's frame, on a phone in the dark theme), and the open
 *   'Membership for John Smith' modal leaves Awaiting Completion without a reload;
 * - the Memberships page filters by status and patient and opens a membership;
 * - changes a membership's renewal mode in Renewal Options, the renewal label following;
 * - cancels one membership immediately and another on expiration (and Cancel with no choice);
 * - edits an enrollee's quantity inline and saves with the patient notified (the e-mail is in the
 *   outbox);
 * - a viewer sees memberships with no edit action, and the server refuses each membership-writing
 *   call of the contract with the viewer's token.
 *
 * Each test makes what it changes (through the API: a membership of its own) or reads the seed's,
 * so that none depends on another. Screenshots go to .cache/shots/memberships-*.png.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Endpoint } from '../../embed-sdk/contract/endpoint.js';
import * as membershipContract from '../../embed-sdk/contract/membership.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { baseURL } from '../../playwright.config.js';
import { signIn as signInOverHttp } from '../support/oidc.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { expectFitsView, PHONE_DARK, patientBrowser } from './support/patientView.js';
import { accessToken, openUserMenu, signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/shots');

type Membership = membershipContract.CustomerMembershipBilling;

interface Envelope<T> {
  isSuccess: boolean;
  value: T | null;
  errors: string[];
  showMessage: boolean;
  nextStep?: string;
}

async function call<T>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; envelope: Envelope<T> }> {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  return { status: res.status, envelope: (await res.json()) as Envelope<T> };
}

async function api<T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const { status, envelope } = await call<T>(token, method, url, body);
  expect(status, JSON.stringify(envelope)).toBe(200);
  expect(envelope.isSuccess, envelope.errors.join(' ')).toBe(true);
  return envelope.value!;
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

const getMembership = (token: string, id: number) =>
  api<Membership>(token, 'GET', `/api/customerMembershipBilling/getCustomerMembershipBilling?id=${id}`);

/** The practice's memberships in one status (the Memberships page's list call). */
const membershipsIn = (token: string, status: membershipContract.MembershipListStatus) =>
  api<{ memberships: membershipContract.MembershipListRow[] }>(
    token,
    'POST',
    '/api/customerMembershipBilling/list',
    { status, pageSize: 100 },
  ).then((v) => v.memberships);

/** The sandbox's today and now (its clock may be ahead of this machine's). */
const sandboxClock = (token: string) => api<{ now: string; today: string }>(token, 'GET', '/sandbox/clock');

async function shot(target: Page | Locator, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SHOTS, `memberships-${name}.png`), animations: 'disabled' });
}

/** The theme without a reload (an open dialog stays open): the Theme page's radios do the same. */
async function setThemeInPlace(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('chairside.portal.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'chairside.portal.theme', newValue: t }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

let adminToken: string;
/**
 * A Bright Smiles patient who can be enrolled now through the API: a holder of a current, paid-up
 * seeded membership, whose default card on file is good for years and who has an e-mail address.
 */
let holder: { customerId: number; cardId: number; eMail: string; name: string };

test.beforeAll(async () => {
  ({ access_token: adminToken } = await signInOverHttp(baseURL, 'admin@chairside.test'));
  const { today } = await sandboxClock(adminToken);
  const [year, month] = today.split('-').map(Number) as [number, number];
  for (const row of await membershipsIn(adminToken, 'ACTIVE')) {
    if (row.balance > 0) continue;
    const m = await getMembership(adminToken, row.id);
    const card = m.card;
    if (!card?.isActive || !m.eMail || card.expYear * 12 + card.expMonth < (year + 2) * 12 + month) continue;
    holder = {
      customerId: m.customerId,
      cardId: card.id,
      eMail: m.eMail,
      name: `${m.firstName} ${m.lastName}`,
    };
    break;
  }
  expect(holder, 'the seed has a member with a good card and an e-mail').toBeTruthy();
});

/** A membership of the test's own for `holder`, approved now and started today (its first cycle paid). */
async function enrolNow(cycle: 'MONTHLY' | 'YEARLY', planLabel = 'Smile Club Adult'): Promise<Membership> {
  const plans = await api<membershipContract.MembershipPlan[]>(adminToken, 'GET', '/api/membershipPlan/list');
  const plan = plans.find((p) => p.label === planLabel && p.isActive);
  expect(plan, `${planLabel} is in the catalogue`).toBeTruthy();
  const { today } = await sandboxClock(adminToken);
  const { membership, outcome } = await api<{
    membership: Membership;
    outcome: { isApproved: boolean } | null;
  }>(adminToken, 'POST', '/api/customerMembershipBilling/enroll', {
    customerId: holder.customerId,
    enrollees: [{ customerId: holder.customerId, membershipPlanId: plan!.id, qty: 1 }],
    cycle,
    startDate: today,
    approveBy: 'NOW',
    customerSavedCardId: holder.cardId,
    approvalMethod: 'CHECKBOX',
    approved: true,
  });
  expect(outcome?.isApproved, 'the first cycle is paid').toBe(true);
  // As the modal will read it: after its first payment.
  const paid = await getMembership(adminToken, membership.id);
  expect([paid.status, paid.hasStarted]).toEqual(['ACTIVE', true]);
  return paid;
}

/** Chooses the plan whose option starts with `plan` (options carry the price: "Smile Club Adult · $33.00"). */
async function choosePlan(select: Locator, plan: string) {
  const option = select.getByRole('option', { name: new RegExp(`^${plan} · `) });
  await select.selectOption({ label: (await option.first().textContent())! });
}

/** The 'Membership for {name}' modal the portal opens. */
const membershipModal = (page: Page) => page.getByRole('dialog', { name: /^Membership for / });

/** The open modal's membership id, from its pill. */
async function modalMembershipId(page: Page): Promise<number> {
  const pill = membershipModal(page).getByText(/^Membership ID: \d+$/);
  await expect(pill).toBeVisible();
  return Number((await pill.textContent())!.replace(/\D/g, ''));
}

const membershipAddress = (id: number) => `/#/customermembershipbillings?customerMembershipBillingId=${id}`;

/** Membership `id` in its modal, on the Memberships page; `user` signs in first when given. */
async function openMembership(page: Page, id: number, user?: 'frontdesk' | 'viewer'): Promise<Locator> {
  if (user) await signInToPortal(page, user, membershipAddress(id));
  else await page.goto(membershipAddress(id));
  const modal = membershipModal(page);
  await expect(modal.getByText(`Membership ID: ${id}`, { exact: true })).toBeVisible();
  return modal;
}

/** A panel of the modal ('Renewal', 'Cycle Amount'…). */
const panel = (modal: Locator, name: string) => modal.getByRole('region', { name, exact: true });

/** The modal's status pill. */
const statusPill = (modal: Locator) => modal.locator('[data-status]');

test('an administrator adds a plan to the catalogue, and a bad price is named without saving', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin');
  const menu = await openUserMenu(page, /Avery Admin/);
  await menu.getByRole('menuitem', { name: 'Membership Administration' }).click();
  await expect(page).toHaveURL(/#\/managemembership$/);
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

test('the administrator enrols the Garcia family of three now, with a signature, adding Maria’s first card', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const maria = await customerId(adminToken, 'Maria', 'Garcia');
  await signInToPortal(page, 'admin', `/#/Customer/${maria}`);
  const section = page.getByRole('region', { name: 'Memberships' });
  // In a 1024×768 window the patient page scrolls: while the dialog is open its scroll bar's gutter
  // stays, and the backdrop dims it too, the whole window's width.
  await page.setViewportSize({ width: 1024, height: 768 });
  await section.getByRole('button', { name: 'New Membership' }).click();
  // Named by its title; its first field has the focus, so it is not hidden from the accessibility tree.
  const dialog = page.getByRole('dialog', { name: 'New Membership for Maria Garcia' });
  await expect(dialog.getByRole('radio', { name: 'Monthly' })).toBeFocused();
  const widths = await page.evaluate(() => ({
    window: window.innerWidth,
    page: document.body.getBoundingClientRect().width,
    backdrop: document.querySelector('.fui-DialogSurface__backdrop')!.getBoundingClientRect().width,
  }));
  expect(widths.page, 'the page keeps a gutter').toBeLessThan(widths.window);
  expect(widths.backdrop).toBe(widths.window);
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const name of ['Sofia', 'Mateo']) {
    await dialog.getByRole('combobox', { name: 'Add a family member' }).pressSequentially(`${name} Garcia`);
    await page
      .getByRole('option', { name: new RegExp(`^${name} Garcia`) })
      .first()
      .click();
    await expect(dialog.getByRole('combobox', { name: /^Enrollee \d$/ }).last()).toHaveValue(/^\d+$/);
  }
  await expect(dialog.getByRole('combobox', { name: /^Enrollee \d$/ })).toHaveCount(3);
  await expect(
    dialog.getByRole('combobox', { name: 'Enrollee 2', exact: true }).locator('option:checked'),
  ).toHaveText('Sofia Garcia');
  await expect(
    dialog.getByRole('combobox', { name: 'Enrollee 3', exact: true }).locator('option:checked'),
  ).toHaveText('Mateo Garcia');
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 1' }), 'Smile Club Adult');
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 2' }), 'Smile Club Kids');
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 3' }), 'Smile Club Kids');
  await expect(dialog.getByLabel('Cycle amount')).toContainText('$79.00');

  // Maria has no card on file (the seed gives her none): the field says so and offers Add a Card,
  // which opens the stored cards on collecting one through the provider's frame.
  const cardField = dialog.getByRole('button', { name: /^Card on file/ });
  await expect(cardField).toContainText('No card on file');
  await expect(dialog.getByText('The patient has no card on file yet. Add one to continue.')).toBeVisible();
  await setThemeInPlace(page, 'dark');
  await shot(dialog, 'new-membership-dark');
  await setThemeInPlace(page, 'light');
  await shot(dialog, 'new-membership-light');
  await dialog.getByRole('button', { name: 'Add a Card' }).click();
  const adding = page.getByRole('dialog', { name: /^Add New Card/ });
  await typeCard(adding.frameLocator('iframe[title="Card details"]'), VISA);
  await adding.getByRole('button', { name: 'Add Card' }).click();
  // The field asked for a card: the one just stored is chosen, and the dialog closes.
  await expect(page.getByRole('dialog', { name: /^(Add New Card|Stored Cards)/ })).toHaveCount(0);
  await expect(cardField).toContainText('•••• 1111');
  await expect(dialog.getByRole('button', { name: 'Add a Card' })).toHaveCount(0);

  await dialog.getByRole('radio', { name: 'Signature' }).check();
  await dialog.getByRole('textbox', { name: /Signature/ }).fill('Maria Garcia');
  // She signs under the agreement, which says what the card is charged once the server has said it.
  await expect(dialog.getByText(/^Maria agrees to be billed \$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expect(page.getByText('Membership Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new membership opens in its modal.
  const id = await modalMembershipId(page);
  const membership = await getMembership(adminToken, id);
  expect(membership.status).toBe('ACTIVE');
  expect(membership.billingMemberships.map((l) => l.customer.firstName).sort()).toEqual([
    'Maria',
    'Mateo',
    'Sofia',
  ]);
  expect(membership.amount).toBe(7900);
  expect(membership.card?.description).toBe('•••• 1111');
  expect(membership.authorization?.method).toBe('SIGNATURE');
  expect(membership.authorization?.ipAddress).toBeTruthy();
  expect(errors).toEqual([]);
});

test('John Smith is enrolled by link, completes it in his own browser, and the modal leaves Awaiting live', async ({
  page,
  browser,
}) => {
  const errors = watchConsoleErrors(page);
  const john = await customerId(adminToken, 'John', 'Smith');
  await signInToPortal(page, 'admin', `/#/Customer/${john}`);
  const section = page.getByRole('region', { name: 'Memberships' });
  await section.getByRole('button', { name: 'New Membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Membership for John Smith' });
  await choosePlan(dialog.getByRole('combobox', { name: 'Plan for enrollee 1' }), 'Smile Club Adult');
  await dialog.getByRole('radio', { name: /By link/ }).check();
  await dialog.getByRole('switch', { name: 'Email' }).check();
  await dialog.getByRole('textbox', { name: 'Email address' }).fill('john.smith@example.com');
  const { now: before } = await sandboxClock(adminToken);
  await dialog.getByRole('button', { name: 'Send Enrollment Link' }).click();
  await expect(page.getByText('The patient has been notified to complete their enrollment.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const modal = membershipModal(page);
  await modalMembershipId(page);
  await expect(statusPill(modal)).toHaveText('Awaiting Completion');

  const outbox = await api<{ messages: { channel: string; link: string | null; created: string }[] }>(
    adminToken,
    'GET',
    '/sandbox/outbox.json?limit=20',
  );
  const mail = outbox.messages.find(
    (m) => m.channel === 'EMAIL' && m.created >= before && m.link?.includes('/enroll/'),
  );
  expect(mail?.link).toBeTruthy();

  // John enrols on his phone, in the dark theme (link-expiry.spec.ts's patient enrols on a desktop).
  const patient = await patientBrowser(browser, PHONE_DARK);
  await patient.page.goto(mail!.link!);
  await expect(patient.page.getByRole('heading', { name: 'Hi John,' })).toBeVisible();
  await expect(patient.page.getByRole('article', { name: /Smile Club Adult for John/ })).toBeVisible();
  await expectFitsView(patient.page, PHONE_DARK);
  await typeCard(patient.page.frameLocator('iframe[title="Card details"]'), VISA);
  // On the phone the patient taps.
  await patient.page.getByRole('button', { name: 'Continue' }).tap();
  const cost = patient.page.getByRole('region', { name: 'Your membership’s cost' });
  await expect(cost).toContainText('•••• 1111');
  await cost.getByRole('textbox', { name: /Signature/ }).fill('John Smith');
  await cost.getByRole('button', { name: 'Sign and Enroll' }).tap();
  await expect(patient.page.getByText('You are enrolled.')).toBeVisible();
  // The introduction says what was done, no longer what to do.
  await expect(patient.page.getByText(/add a card and sign to enroll/)).toHaveCount(0);
  await expect(patient.page.getByText(/You have signed the agreement and enrolled/)).toBeVisible();
  await expectFitsView(patient.page, PHONE_DARK);
  expect(patient.errors).toEqual([]);
  await patient.close();

  // The staff's open modal follows without a reload.
  await expect(statusPill(modal)).toHaveText('Active');
  await expect(modal.getByText('Awaiting Completion')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the Memberships page filters by status and patient and opens a membership', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  // A past-due membership of the seed (a declined billing), found as the page would list it.
  const [pastDue] = await membershipsIn(adminToken, 'PAST_DUE');
  expect(pastDue, 'the seed has a past-due membership').toBeTruthy();

  await signInToPortal(page, 'frontdesk', '/#/customermembershipbillings');
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Active members' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Memberships' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('pastdue');
  await expect(page).toHaveURL(/status=pastdue/);
  await page.getByRole('searchbox').fill(pastDue!.lastName);
  await expect(page).toHaveURL(new RegExp(`q=${pastDue!.lastName}`));
  const name = `${pastDue!.firstName} ${pastDue!.lastName}`;
  const row = table.locator('tbody tr').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row.first().locator('td').last()).toContainText(formatCurrency(pastDue!.balance));
  await row.first().getByRole('button', { name, exact: true }).click();
  await expect(page).toHaveURL(/customerMembershipBillingId=\d+/);
  const modal = membershipModal(page);
  await expect(modal).toHaveAccessibleName(`Membership for ${name}`);
  await expect(modal.getByText(/This membership has a past-due balance of \$[\d,]+\.\d\d\./)).toBeVisible();
  expect(errors).toEqual([]);
});

test('Renewal Options changes the renewal mode, and the renewal label follows', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  const membership = await enrolNow('YEARLY');
  const termEnd = formatDate(membership.expirationDate!);
  const modal = await openMembership(page, membership.id, 'frontdesk');
  const renewal = panel(modal, 'Renewal');
  await expect(renewal.getByText('Auto-Renews On', { exact: true })).toBeVisible();
  await expect(renewal).toContainText(termEnd);

  await renewal.getByRole('button', { name: 'Change/Cancel' }).click();
  const options = page.getByRole('dialog', { name: 'Renewal Options' });
  await expect(options.getByRole('radio', { name: 'Auto-renew' })).toBeChecked();
  await options.getByRole('radio', { name: 'Renew once, then let it expire' }).check();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Renew Selection Saved')).toBeVisible();
  await expect(options).toBeHidden();
  await expect(renewal.getByText('Renews Once On', { exact: true })).toBeVisible();
  await expect(renewal.getByText('Auto-Renews On', { exact: true })).toHaveCount(0);
  await expect(renewal).toContainText(termEnd);

  await renewal.getByRole('button', { name: 'Change/Cancel' }).click();
  await options.getByRole('radio', { name: 'Let the membership expire at the end of its term' }).check();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options).toBeHidden();
  await expect(renewal.getByText('Expires On', { exact: true })).toBeVisible();
  await expect(renewal.getByText('Renews Once On', { exact: true })).toHaveCount(0);
  await expect(renewal).toContainText(termEnd);
  await shot(modal, 'renewal-expires-on');

  expect((await getMembership(adminToken, membership.id)).renewalMode).toBe('EXPIRING');
  expect(errors).toEqual([]);
});

test('one membership is canceled immediately, another on expiration; Cancel asks when first', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const now = await enrolNow('MONTHLY');
  const later = await enrolNow('YEARLY');

  // Immediately: the pill turns Canceled with its date.
  let modal = await openMembership(page, now.id, 'frontdesk');
  await expect(statusPill(modal)).toHaveText('Active');
  await panel(modal, 'Renewal').getByRole('button', { name: 'Cancel Membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Membership' });
  await cancel.getByRole('button', { name: 'Cancel Membership' }).click();
  await expect(cancel.getByText('Please select when you would like to cancel the membership.')).toBeVisible();
  await shot(cancel, 'cancel-no-choice');
  await cancel.getByRole('radio', { name: 'Immediately' }).check();
  await cancel.getByRole('button', { name: 'Cancel Membership' }).click();
  await expect(page.getByText('This membership plan has been canceled.')).toBeVisible();
  await expect(cancel).toBeHidden();
  const canceled = await getMembership(adminToken, now.id);
  expect(canceled.status).toBe('INACTIVE');
  await expect(statusPill(modal)).toHaveText(`Canceled ${formatDate(canceled.cancelledDate)}`);
  await expect(statusPill(modal)).toHaveText(/^Canceled \d\d\/\d\d\/\d{4}$/);
  await expect(panel(modal, 'Renewal').getByRole('button', { name: 'Change/Cancel' })).toHaveCount(0);
  await shot(modal, 'canceled');

  // On expiration: still active, ending at its term's end.
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toBeHidden();
  modal = await openMembership(page, later.id);
  const renewal = panel(modal, 'Renewal');
  await expect(renewal.getByText('Auto-Renews On', { exact: true })).toBeVisible();
  await renewal.getByRole('button', { name: 'Cancel Membership' }).click();
  await cancel.getByRole('radio', { name: 'On expiration' }).check();
  const termEnd = formatDate(later.expirationDate!);
  await expect(cancel.getByText(`It stays active until ${termEnd}.`)).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel Membership' }).click();
  await expect(page.getByText('Renew Selection Saved')).toBeVisible();
  await expect(cancel).toBeHidden();
  await expect(statusPill(modal)).toHaveText('Active');
  await expect(renewal.getByText('Expires On', { exact: true })).toBeVisible();
  await expect(renewal).toContainText(termEnd);
  const ending = await getMembership(adminToken, later.id);
  expect([ending.status, ending.renewalMode, ending.expirationDate]).toEqual([
    'ACTIVE',
    'CANCEL',
    later.expirationDate,
  ]);
  expect(errors).toEqual([]);
});

test('an enrollee’s quantity is edited inline and saved with the patient notified by e-mail', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const membership = await enrolNow('MONTHLY');
  const modal = await openMembership(page, membership.id, 'frontdesk');
  await expect(panel(modal, 'Cycle Amount')).toContainText('$33.00');
  const enrollees = modal.getByRole('table', { name: 'Enrollees' });
  const quantity = enrollees.getByRole('textbox', {
    name: `Quantity of Smile Club Adult for ${holder.name}`,
  });
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2');
  const footer = modal.getByRole('group', { name: 'Save Membership Changes' });
  await expect(footer).toContainText('New cycle amount: $66.00');
  await footer.getByRole('checkbox', { name: 'Notify patient via email of membership changes.' }).check();
  await shot(modal, 'edited-enrollee');
  const { now: before } = await sandboxClock(adminToken);
  await footer.getByRole('button', { name: 'Save Membership Changes' }).click();
  await expect(page.getByText('The membership changes have been saved.')).toBeVisible();
  await expect(footer).toBeHidden();
  await expect(panel(modal, 'Cycle Amount')).toContainText('$66.00');
  await expect(enrollees.locator('tbody tr').first().locator('td').last()).toHaveText('$66.00');
  expect((await getMembership(adminToken, membership.id)).amount).toBe(6600);

  const outbox = await api<{
    messages: { channel: string; recipient: string; subject: string; body: string; created: string }[];
  }>(adminToken, 'GET', '/sandbox/outbox.json?limit=50');
  const mail = outbox.messages.find(
    (m) =>
      m.channel === 'EMAIL' &&
      m.recipient === holder.eMail &&
      m.created >= before &&
      m.subject === 'Your membership with Bright Smiles Dental has changed',
  );
  expect(mail, 'the changes were e-mailed to the patient').toBeTruthy();
  expect(mail!.body).toContain('Smile Club Adult × 2');
  expect(mail!.body).toContain('Amount: $66.00 a month');
  expect(errors).toEqual([]);
});

/** Every call of the contract that writes a membership or the plan catalogue. */
const MEMBERSHIP_WRITES = Object.values(membershipContract as Record<string, unknown>).filter(
  (e): e is Endpoint =>
    typeof e === 'object' &&
    e !== null &&
    'path' in e &&
    'writes' in e &&
    (e as Endpoint).writes === 'records' &&
    /^\/api\/(customerMembershipBilling|membershipPlan)\//.test((e as Endpoint).path),
);

test('a viewer sees memberships with no edit action, and the server refuses every membership write', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'viewer', '/#/customermembershipbillings');
  await expect(page.getByRole('table', { name: 'Memberships' })).toBeVisible();
  const viewerToken = await accessToken(page);
  // Cedar Family's past-due membership (the viewer's practice): an editor would see Process Past
  // Due, Change/Cancel, Cancel Membership, Change Card and the quantity boxes; the viewer sees
  // Send Reminder only.
  const [pastDue] = await membershipsIn(viewerToken, 'PAST_DUE');
  expect(pastDue, 'Cedar Family has a past-due membership').toBeTruthy();
  const before = await getMembership(viewerToken, pastDue!.id);

  await page.goto(`/#/customermembershipbillings?customerMembershipBillingId=${pastDue!.id}`);
  const modal = membershipModal(page);
  await expect(modal.getByText(`Membership ID: ${pastDue!.id}`, { exact: true })).toBeVisible();
  await expect(modal.getByText(/This membership has a past-due balance of \$[\d,]+\.\d\d\./)).toBeVisible();
  await expect(panel(modal, 'Renewal')).toBeVisible();
  await expect(panel(modal, 'Card on File')).toBeVisible();
  await expect(modal.getByRole('table', { name: 'Enrollees' })).toBeVisible();
  // Section 6: a viewer may Send Reminder of a declined payment (before, they saw no such button).
  await expect(modal.getByRole('button', { name: 'Send Reminder' })).toBeVisible();
  for (const action of [
    'Process Past Due',
    'Change/Cancel',
    'Cancel Membership',
    'Change Card',
    'Save Membership Changes',
    'Restart Membership',
  ]) {
    await expect(modal.getByRole('button', { name: action }), action).toHaveCount(0);
  }
  await expect(modal.getByRole('textbox')).toHaveCount(0);
  await shot(modal, 'viewer');
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toBeHidden();

  // The patient's page: the Memberships section, without New Membership.
  await page.goto(`/#/Customer/${pastDue!.customerId}`);
  const section = page.getByRole('region', { name: 'Memberships' });
  await expect(section.getByRole('table', { name: /^Memberships of / })).toBeVisible();
  await expect(section.getByRole('button', { name: 'New Membership' })).toHaveCount(0);
  // No Membership Administration in the menu, nor at its address.
  const menu = await openUserMenu(page, /Vic Viewer/);
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Membership Administration' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/#/managemembership');
  await expect(
    page.getByText(/Membership administration needs the role to manage memberships\./),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Plan' })).toHaveCount(0);
  expect(errors).toEqual([]);

  // Every membership-writing call of the contract, with the viewer's token: 403 and the envelope,
  // on the viewer's own practice's records, which stay as they were.
  const paths = MEMBERSHIP_WRITES.map((e) => e.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/customerMembershipBilling/cancel',
      '/api/customerMembershipBilling/saveMembershipChanges',
      '/api/customerMembershipBilling/enroll',
      '/api/membershipPlan/create',
      '/api/membershipPlan/reorder',
    ]),
  );
  const plans = await api<membershipContract.MembershipPlan[]>(
    viewerToken,
    'GET',
    '/api/membershipPlan/list',
  );
  const ids = {
    id: pastDue!.id,
    Id: pastDue!.id,
    customerMembershipBillingId: pastDue!.id,
    customerId: pastDue!.customerId,
    customerSavedCardId: before.customerSavedCardId ?? 1,
  };
  const refused: string[] = [];
  for (const endpoint of MEMBERSHIP_WRITES) {
    const body = endpoint.path.startsWith('/api/membershipPlan/')
      ? {
          ...ids,
          id: plans[0]!.id,
          ids: plans.map((p) => p.id),
          label: 'Nope',
          monthlyAmount: 100,
          isActive: false,
        }
      : {
          ...ids,
          isActive: false,
          renewalMode: 'CANCEL',
          cancelAction: 'CANCEL',
          amount: 100,
          billingMemberships: before.billingMemberships.map((l) => ({ id: l.id, qty: 3, amount: 100 })),
          enrollees: [{ customerId: pastDue!.customerId, membershipPlanId: plans[0]!.id, qty: 1 }],
          cycle: 'MONTHLY',
          startDate: before.startDate,
          approveBy: 'NOW',
          approvalMethod: 'CHECKBOX',
          approved: true,
        };
    const { status, envelope } = await call(viewerToken, 'POST', endpoint.path, body);
    if (
      status !== 403 ||
      envelope.isSuccess !== false ||
      envelope.value !== null ||
      envelope.errors.length === 0 ||
      envelope.nextStep !== undefined
    ) {
      refused.push(`${endpoint.path}: ${status} ${JSON.stringify(envelope)}`);
    }
  }
  expect(refused, `${MEMBERSHIP_WRITES.length} membership writes`).toEqual([]);
  expect(await getMembership(viewerToken, pastDue!.id)).toEqual(before);
  expect(await api(viewerToken, 'GET', '/api/membershipPlan/list')).toEqual(plans);
});
