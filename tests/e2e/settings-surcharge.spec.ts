/**
 * Surcharging by law, end to end in Chromium (issue 36): the admin turns surcharging on at 2.5 % in
 * Settings for Bright Smiles, in Texas, which allows it, and a payment request's public page discloses
 * it; switched to Connecticut, which forbids it, the page shows no surcharge and a credit card is
 * charged none; back in Texas, a debit test card is charged no surcharge either. The Texan patient is
 * on a phone in the dark theme, the others on a desktop in the light one (support/patientView.ts).
 *
 * It runs its own sandbox (free ports), as link-expiry.spec.ts does, so that changing the practice's
 * surcharge does not touch what the other specs' sandbox shows.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import {
  DESKTOP_LIGHT,
  expectFitsView,
  PHONE_DARK,
  patientBrowser,
  type PatientView,
} from './support/patientView.js';
import { signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';

/** server/card-provider/TEST-CARDS.md */
const VISA_CREDIT = '4111 1111 1111 1111';
const VISA_DEBIT = '4000 0566 5566 5556';

let server: TestServer;
let frontdesk: string;
let admin: string;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  [frontdesk, admin] = await Promise.all([server.tokenFor('frontdesk'), server.tokenFor('admin')]);
  // Bright Smiles starts with surcharging off, for the admin to turn it on.
  const off = await server.call('POST', '/api/settings/surcharging', {
    token: admin,
    body: { hasSurcharging: false, surchargeRateBps: 0, state: 'TX' },
  });
  expect(off.status, JSON.stringify(off.body)).toBe(200);
});
test.afterAll(async () => {
  await server?.close();
});

let patients = 0;
/** A new payment request of $40.00 to a new patient of Bright Smiles; its public link. */
async function newRequestLink(): Promise<string> {
  patients += 1;
  const call = async <T>(path: string, body: unknown) => {
    const res = await server.call<T>('POST', path, {
      token: frontdesk,
      body,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  };
  const lastName = `Surcharge${String.fromCharCode(64 + patients)}`;
  const patient = await call<{ id: number; cell: string; email: string }>('/api/customer/transition', {
    firstName: 'Nora',
    lastName,
    email: `nora.${lastName.toLowerCase()}@example.com`,
    cell: `512555${String(3100 + patients)}`,
  });
  const request = await call<{ link: string }>('/api/notification/create', {
    customerId: patient.id,
    amount: 4_000,
    notifyText: true,
    cell: patient.cell,
    notifyEmail: false,
  });
  return request.link;
}

/** The patient's own browser, on the request's public page, on a phone or a desktop, light or dark. */
async function openAsPatient(browser: Browser, link: string, view: PatientView) {
  const patient = await patientBrowser(browser, view);
  await patient.page.goto(link);
  await expect(patient.page.getByRole('heading', { name: 'Hi Nora,' })).toBeVisible();
  await expect(
    patient.page.frameLocator('iframe[title="Card details"]').getByLabel('Card number'),
  ).toBeEditable();
  await expectFitsView(patient.page, view);
  return patient;
}

/** Types a card and asks for its quote; the payment summary. */
async function review(page: Page, card: string): Promise<Locator> {
  await typeCard(page.frameLocator('iframe[title="Card details"]'), card);
  await page.getByRole('button', { name: 'Review Payment' }).click();
  const summary = page.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toBeVisible();
  return summary;
}

/** Sets the state in Settings › Surcharging and saves. */
async function saveState(panel: Locator, page: Page, state: string) {
  await panel.getByLabel('State the practice is in').selectOption(state);
  await panel.getByRole('button', { name: 'Save surcharging' }).click();
  await expect(page.getByText('Saved', { exact: true }).last()).toBeVisible();
  // The banner of an earlier save may still show: the practice's settings say this one was saved.
  await expect
    .poll(
      async () =>
        (await server.call<{ state: string }>('GET', '/api/settings/surcharging', { token: admin })).body
          .value?.state,
    )
    .toBe(state);
}

test('surcharging follows the state’s law, and a debit card is never surcharged', async ({
  page,
  browser,
}) => {
  const staffErrors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', `${server.url}/#/companyProfile`);
  const panel = page.getByRole('region', { name: 'Surcharging' });

  // On at 2.5 %, in Texas, which allows it.
  await panel.getByRole('switch', { name: 'Surcharge credit cards' }).check();
  await panel.getByLabel('Surcharge rate').fill('2.5');
  await expect(panel.getByText(/^Texas law does not limit a surcharge/)).toBeVisible();
  const preview = panel.getByRole('region', { name: 'What the patient pays' });
  await expect(preview).toContainText('A $100.00 credit card payment$102.50');
  await expect(preview).toContainText('A $100.00 debit card payment$100.00');
  await saveState(panel, page, 'TX');

  // The payment page discloses the rate; the amount shows once the card is known to be credit.
  const texas = await openAsPatient(browser, await newRequestLink(), PHONE_DARK);
  await expect(
    texas.page.getByText(/^Credit cards carry a 2\.5% surcharge\. Debit and prepaid cards carry none\./),
  ).toBeVisible();
  await expect(texas.page.getByText('$41.00')).toHaveCount(0);
  const credit = await review(texas.page, VISA_CREDIT);
  await expect(credit).toContainText('Credit card surcharge$1.00');
  await expect(credit).toContainText('Total$41.00');
  await expectFitsView(texas.page, PHONE_DARK);
  expect(texas.errors).toEqual([]);
  await texas.close();

  // Connecticut forbids it: Settings says so, and the page adds nothing, even to a credit card.
  await panel.getByLabel('State the practice is in').selectOption('CT');
  await expect(panel.getByText(/^Connecticut law forbids a surcharge on card payments/)).toBeVisible();
  await expect(preview).toContainText('A $100.00 credit card payment$100.00');
  await saveState(panel, page, 'CT');
  const connecticut = await openAsPatient(browser, await newRequestLink(), DESKTOP_LIGHT);
  await expect(connecticut.page.getByText(/surcharge/i)).toHaveCount(0);
  const forbidden = await review(connecticut.page, VISA_CREDIT);
  await expect(forbidden).not.toContainText('surcharge');
  await expect(forbidden).toContainText('Total$40.00');
  expect(connecticut.errors).toEqual([]);
  await connecticut.close();

  // Back in Texas, a debit card pays no surcharge (the patient pays on a desktop, in the light theme;
  // payment-requests.spec.ts's pays on a phone, dark).
  await saveState(panel, page, 'TX');
  const debit = await openAsPatient(browser, await newRequestLink(), DESKTOP_LIGHT);
  await expect(debit.page.getByText(/^Credit cards carry a 2\.5% surcharge\./)).toBeVisible();
  const debitSummary = await review(debit.page, VISA_DEBIT);
  await expect(debitSummary).not.toContainText('surcharge');
  await expect(debitSummary).toContainText('Total$40.00');
  await debitSummary.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(debit.page.getByText('Approved')).toBeVisible();
  await expect(debit.page.getByText(/\$40\.00 was charged/)).toBeVisible();
  await expectFitsView(debit.page, DESKTOP_LIGHT);
  expect(debit.errors).toEqual([]);
  await debit.close();

  expect(staffErrors).toEqual([]);
});
