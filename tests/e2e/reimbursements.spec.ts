/**
 * Insurance reimbursements end to end (issue 33's "Done when"), in Chromium, as the administrator on
 * the Open Dental practice, against this worker's sandbox (its seeded sent claims, its card provider,
 * its outbox, its hub). The tests run in order and share the sandbox; each posts claims the others
 * leave alone (a claim is paid once).
 * - a check for two patients' claims, one patient's share requested; the request is in the outbox,
 *   the patient pays it in a second browser, and Request Paid rises in the open details;
 * - a virtual card: its INSURANCE transaction is in Transactions, and its source link opens the details;
 * - amounts that do not add up are refused with their message, in the form and by the server;
 * - a person without the roles has no sidebar item, no page, and the server refuses them.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { patientBrowser } from './support/patientView.js';
import { accessToken, signInToPortal, sidebarLinks } from './support/portal.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';

interface Envelope<T> {
  isSuccess: boolean;
  value: T | null;
  errors: string[];
}

interface ClaimValue {
  claimId: number;
  claimNumber: string;
  customerId: number;
  firstName: string;
  lastName: string;
  procedures: {
    claimProcedureId: number;
    fee: number;
    insuranceEstimate: number;
    writeOffEstimate: number;
  }[];
}

async function api<T>(page: Page, path: string, body?: unknown) {
  const headers = {
    authorization: `Bearer ${await accessToken(page)}`,
    'idempotency-key': crypto.randomUUID(),
  };
  const answer =
    body === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body });
  return { status: answer.status(), body: (await answer.json()) as Envelope<T> };
}

/** The sent claims of every carrier, as the signed-in person reads them. */
async function sentClaims(page: Page): Promise<{ carrier: string; claims: ClaimValue[] }[]> {
  const carriers = (await api<{ carriers: string[] }>(page, '/api/insurance/carriers')).body.value!.carriers;
  const out = [];
  for (const carrier of carriers) {
    const { body } = await api<{ claims: ClaimValue[] }>(
      page,
      `/api/insurance/claims?carrierName=${encodeURIComponent(carrier)}`,
    );
    out.push({ carrier, claims: body.value!.claims });
  }
  return out;
}

/** A carrier with two patients' claims (the first claim of each). */
async function pickClaims(page: Page) {
  const all = await sentClaims(page);
  const two = all.find((c) => new Set(c.claims.map((x) => x.customerId)).size >= 2);
  expect(two, 'a carrier with two patients’ sent claims').toBeTruthy();
  const first = two!.claims[0]!;
  const second = two!.claims.find((x) => x.customerId !== first.customerId)!;
  return { carrier: two!.carrier, first, second };
}

const nameOf = (c: ClaimValue) => `${c.firstName} ${c.lastName}`;

async function openNewReimbursement(page: Page) {
  await page.goto('/#/insurance');
  await page.getByRole('link', { name: 'New Reimbursement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Reimbursement' })).toBeVisible();
  return page.getByRole('form', { name: 'New Reimbursement' });
}

async function chooseClaim(form: Locator, carrier: string, claim: ClaimValue) {
  await form.getByRole('combobox', { name: /Carrier/ }).selectOption(carrier);
  await form.getByRole('checkbox', { name: new RegExp(`^Claim ${claim.claimNumber} `) }).check();
}

/** Types the chosen claims' reimbursed total as the payment's amount (it must add up). */
async function payTheTotal(form: Locator) {
  const totals = form.getByRole('group', { name: 'Totals' });
  const total = (await totals
    .locator('div')
    .filter({ hasText: /^Reimbursement/ })
    .locator('dd')
    .textContent())!;
  await form.getByRole('textbox', { name: 'Amount' }).fill(total.replace(/[$,]/g, ''));
  return total;
}

const figure = (dialog: Locator, name: string) => dialog.getByRole('region', { name, exact: true });

/** Any carrier's first sent claim. */
async function anyClaim(page: Page) {
  const { carrier, claims } = (await sentClaims(page)).find((c) => c.claims.length > 0)!;
  return { carrier, claim: claims[0]! };
}

test('a check for two patients’ claims, one share requested and paid, Request Paid rising live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInToPortal(page, 'admin', '/#/insurance');
  await expect(page.getByRole('heading', { level: 1, name: 'Reimbursements' })).toBeVisible();
  await expect(sidebarLinks(page).filter({ hasText: 'Reimbursements' })).toHaveCount(1);
  const { carrier, first, second } = await pickClaims(page);

  const form = await openNewReimbursement(page);
  await chooseClaim(form, carrier, first);
  await form.getByRole('checkbox', { name: new RegExp(`^Claim ${second.claimNumber} `) }).check();
  // The first patient owes nothing this time; the second's share is requested by text.
  const nobody = form.getByRole('region', { name: nameOf(first) });
  for (const box of await nobody.getByRole('textbox', { name: /^Patient Share for / }).all())
    await box.fill('0');
  await expect(nobody.getByText('Nothing to request from this patient.')).toBeVisible();
  const asked = form.getByRole('region', { name: nameOf(second) });
  const shares = await asked.getByRole('textbox', { name: /^Patient Share for / }).all();
  for (const [i, box] of shares.entries()) await box.fill(i === 0 ? '25.00' : '0');
  const share = '$25.00';
  await expect(asked.getByText(`Request ${share} from the patient by`)).toBeVisible();
  const text = asked.getByRole('switch', { name: 'Text Message' });
  if (!(await text.isChecked())) await text.check();
  const mobile = asked.getByRole('textbox', { name: 'Mobile phone' });
  if ((await mobile.inputValue()) === '') await mobile.fill('(512) 555-0199');
  await form.getByRole('textbox', { name: 'Check number' }).fill('5521');
  // A check loads no card-entry frame.
  await expect(form.locator('iframe')).toHaveCount(0);
  const total = await payTheTotal(form);
  const before = Date.now();
  await form.getByRole('button', { name: 'Save' }).click();

  const details = page.getByRole('dialog', { name: 'Reimbursement Details' });
  await expect(figure(details, 'Reimbursement')).toContainText(total);
  await expect(figure(details, 'Requested')).toContainText(share);
  await expect(figure(details, 'Request Paid')).toContainText('$0.00');
  await expect(figure(details, 'Payment')).toContainText('Check #5521');
  const patients = details.getByRole('table', { name: 'Patients' });
  await expect(patients.getByRole('row')).toHaveCount(3);
  await expect(
    patients.getByRole('link', { name: `Open ${nameOf(second)}'s payment request` }),
  ).toBeVisible();

  // The request is in the outbox; the patient pays it in another browser, on a phone.
  let link: string | null = null;
  await expect(async () => {
    const { body } = await api<{ messages: { link: string | null; created: string }[] }>(
      page,
      '/sandbox/outbox.json?limit=20',
    );
    link =
      body.value!.messages.find((m) => Date.parse(m.created) >= before - 5_000 && /\/p\//.test(m.link ?? ''))
        ?.link ?? null;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const patientBrowsing = await patientBrowser(browser, { size: 'phone', theme: 'light' });
  const patient = patientBrowsing.page;
  await patient.goto(link!);
  await typeCard(patient.frameLocator('iframe[title="Card details"]'), VISA);
  await patient.getByRole('button', { name: 'Review Payment' }).click();
  await patient.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(patient.getByText('Approved', { exact: true })).toBeVisible();
  expect(patientBrowsing.errors).toEqual([]);
  await patientBrowsing.close();

  // Request Paid rises in the open details, with no reload.
  await expect(figure(details, 'Request Paid')).toContainText(share, { timeout: 15_000 });
  await expect(patients.getByRole('row').filter({ hasText: nameOf(second) })).toContainText(
    `${share}${share}`,
  );
});

test('a virtual card’s reimbursement: its INSURANCE transaction’s source link opens the details', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToPortal(page, 'admin', '/#/insurance');
  const { carrier, claim } = await anyClaim(page);
  const form = await openNewReimbursement(page);
  await chooseClaim(form, carrier, claim);
  await expect(form.locator('iframe')).toHaveCount(0);
  await form.getByRole('radio', { name: 'Virtual card' }).check();
  const total = await payTheTotal(form);
  await typeCard(form.frameLocator('iframe[title="Card details"]'), VISA);
  await form.getByRole('button', { name: 'Save' }).click();
  const details = page.getByRole('dialog', { name: 'Reimbursement Details' });
  await expect(figure(details, 'Reimbursement')).toContainText(total);
  await expect(figure(details, 'Payment')).toContainText('Visa •••• 1111');

  await page.goto('/#/transactions?source=INSURANCE');
  const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
  await expect(row).toContainText(total);
  await row.getByRole('link', { name: 'Insurance Reimbursement' }).click();
  await expect(figure(details, 'Reimbursement')).toContainText(total);
  await expect(details.getByRole('table', { name: 'Patients' })).toContainText(nameOf(claim));
});

test('amounts that do not add up are refused with their message, by the form and by the server', async ({
  page,
}) => {
  await signInToPortal(page, 'admin', '/#/insurance');
  const { carrier, claim: fresh } = await anyClaim(page);
  const form = await openNewReimbursement(page);
  await chooseClaim(form, carrier, fresh);
  await form.getByRole('textbox', { name: 'Check number' }).fill('7001');
  const total = await payTheTotal(form);
  const more = (Number(total.replace(/[$,]/g, '')) + 1).toFixed(2);
  await form.getByRole('textbox', { name: 'Amount' }).fill(more);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText(`The reimbursed amounts add up to ${total}, not the payment's $${more}.`),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Reimbursement Details' })).toHaveCount(0);

  const refused = await api(page, '/api/insurance/createInsurancePayment', {
    date: '2026-11-20',
    carrierName: carrier,
    payment: { fundingSource: 'CHECK', checkNumber: '7001', amount: 1 },
    claims: [
      {
        claimId: fresh.claimId,
        procedures: fresh.procedures.map((p) => ({
          claimProcedureId: p.claimProcedureId,
          amountToPay: p.insuranceEstimate,
          amountToWriteOff: p.writeOffEstimate,
          amountToCollect: 0,
        })),
      },
    ],
    requests: [],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.errors.join(' ')).toContain('The reimbursed amounts add up to');
});

test('without the roles: no sidebar item, no page, and the server refuses', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/insurance');
  await expect(sidebarLinks(page).first()).toBeVisible();
  await expect(sidebarLinks(page).filter({ hasText: 'Reimbursements' })).toHaveCount(0);
  await expect(page.getByText('Reimbursements are available for Open Dental practices')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Reimbursements' })).toHaveCount(0);
  expect((await api(page, '/api/insurance/list', { page: 1, pageSize: 10 })).status).toBe(403);
  expect((await api(page, '/api/insurance/getInsurancePayment?id=1')).status).toBe(403);
  expect((await api(page, '/api/insurance/claims?carrierName=Delta%20Dental')).status).toBe(403);
});
