/**
 * The portal under its Content-Security-Policy, in Chromium: a person signs in (after a wrong
 * password), walks the dashboard, a patient page and its dialogs (Edit Patient, Stored
 * Cards with the card provider's frame, New Payment Request, New Payment Plan), the Payment Requests
 * page and a request's modal, the Payment Plans page and a plan's modal (its tabs, Make a Payment),
 * the bell, and signs out; a patient pays on the public payment page through the card-entry frame; the viewer
 * meets the terms page. Not one violation may be reported, in any page, frame or shadow root.
 * The last test checks that the watcher does see a violation when there is one.
 *
 * A server of its own: the walk sends a payment request and pays it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { watchCsp } from './support/cspWatch.js';
import { fillSignIn, openUserMenu, signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';
const SHOTS = path.resolve('.cache', 'shots');

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer();
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => server?.close());

/** Every watcher of the running test: when a step fails, what the policy refused is the first clue. */
let watchers: Awaited<ReturnType<typeof watchCsp>>[] = [];
async function watch(context: BrowserContext) {
  const watcher = await watchCsp(context);
  watchers.push(watcher);
  return watcher;
}
test.afterEach(async () => {
  const testInfo = test.info();
  const seen = watchers.flatMap((w) => w.report());
  watchers = [];
  if (testInfo.status !== testInfo.expectedStatus && seen.length > 0) {
    await testInfo.attach('csp-violations.txt', { body: seen.join('\n'), contentType: 'text/plain' });
    console.error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
  }
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `csp-${name}.png`) });
}

/** Closes the topmost dialog with its Close button, as a person would. */
async function closeDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await dialog
    .getByRole('button', { name: /^(Close|Cancel)$/ })
    .last()
    .click();
  await expect(dialog).toBeHidden();
}

test('the portal, the sign-in pages and the public payment page run with no policy violation', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const csp = await watch(context);
  const page = await context.newPage();

  // The sign-in page, first with a wrong password (its error and the e-mail echoed back).
  await page.goto(`${server.url}/#/dashboard`);
  await fillSignIn(page, 'frontdesk@chairside.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await shot(page, 'sign-in-failed');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('code'));

  // The dashboard, with its charts.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('By payment method')).toBeVisible();
  await shot(page, 'dashboard');

  // A patient, found through the search, and the dialogs of the patient page.
  await page.getByRole('combobox', { name: 'Search patients' }).fill('Maria Garcia');
  await expect(page.getByTestId('patient-search-popup')).toHaveAttribute('data-state', 'results.complete');
  await page
    .getByRole('option', { name: /Maria Garcia/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Garcia' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Patient' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Patient' })).toBeVisible();
  await closeDialog(page, 'Edit Patient');

  await page.getByRole('button', { name: 'Stored Cards' }).click();
  const cards = page.getByRole('dialog', { name: /^(Stored Cards|Add New Card)/ });
  await expect(cards).toBeVisible();
  if (await cards.getByRole('button', { name: 'Add New Card' }).isVisible()) {
    await cards.getByRole('button', { name: 'Add New Card' }).click();
  }
  const frame = cards.frameLocator('iframe[title="Card details"]');
  await expect(frame.getByLabel('Card number')).toBeEditable();
  await shot(page, 'patient-card-entry');
  await page.keyboard.press('Escape');
  await expect(cards).toBeHidden();

  await page
    .getByRole('region', { name: 'Payment Requests' })
    .getByRole('button', { name: 'New Payment Request' })
    .click();
  await expect(page.getByRole('dialog', { name: 'New Payment Request' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('region', { name: 'Payment Plans' })
    .getByRole('button', { name: 'New Payment Plan' })
    .click();
  const newPlan = page.getByRole('dialog', { name: 'New Payment Plan' });
  await newPlan.getByRole('textbox', { name: /Plan Total/ }).fill('300');
  await newPlan.getByRole('spinbutton', { name: /Number of Cycles/ }).fill('3');
  await newPlan.getByRole('radio', { name: 'Cash or check' }).check();
  await expect(newPlan.getByRole('table', { name: 'Schedule preview' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(newPlan).toBeHidden();

  // Payment Requests, and a request's modal.
  await page.goto(`${server.url}/#/notifications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Requests' })).toBeVisible();
  const requestRow = page.getByRole('table', { name: 'Payment requests' }).getByRole('row').nth(1);
  await requestRow.getByRole('button').first().click();
  const requestModal = page.getByRole('dialog', { name: /^Payment Request for / });
  await expect(requestModal.getByRole('list', { name: 'Progress' })).toBeVisible();
  await shot(page, 'request-modal');
  await page.keyboard.press('Escape');
  await expect(requestModal).toBeHidden();

  // Payment Plans, and a past-due plan's modal with its tabs and Make a Payment.
  await page.goto(`${server.url}/#/paymentplans?status=pastdue`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Plans' })).toBeVisible();
  await page.getByRole('button', { name: 'John Smith' }).first().click();
  const planModal = page.getByRole('dialog', { name: 'Payment Plan for John Smith' });
  await expect(planModal.getByRole('tab', { name: 'Payment History' })).toBeVisible();
  await planModal.getByRole('tab', { name: 'Schedule' }).click();
  await planModal.getByRole('tab', { name: 'Authorization' }).click();
  await planModal.getByRole('button', { name: 'Make a Payment' }).first().click();
  const payment = page.getByRole('dialog', { name: 'Payment Plan Payment' });
  await expect(payment).toBeVisible();
  await shot(page, 'plan-payment');
  await page.keyboard.press('Escape');
  await expect(payment).toBeHidden();
  await closeDialog(page, 'Payment Plan for John Smith');

  // The bell. (Last: once its panel has been open, a nested dialog that closes leaves the plan modal
  // hidden from assistive technology, which the plan modal's steps above would trip over.)
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();

  // A payment request for the patient to pay, sent through the API with the front desk's token.
  const token = await server.tokenFor('frontdesk');
  const maria = (
    await server.call<{ id: number; firstName: string; lastName: string }[]>(
      'GET',
      '/api/customer/searchCustomer?name=Maria',
      { token },
    )
  ).body.value!.find((c) => c.lastName === 'Garcia')!;
  const created = await server.call<{ link: string }>('POST', '/api/notification/create', {
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {
      customerId: maria.id,
      amount: 2_500,
      notifyText: false,
      notifyEmail: true,
      email: 'maria@example.com',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);

  // Sign-out: the identity provider's sign-out page submits its form by script.
  const menu = await openUserMenu(page, /Fran Desk/);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // The patient pays on the public page, through the card-entry frame, in a browser of their own.
  const patientContext = await browser.newContext();
  const patientCsp = await watch(patientContext);
  const patient = await patientContext.newPage();
  await patient.goto(created.body.value!.link);
  await expect(patient.getByRole('heading', { name: 'Hi Maria,' })).toBeVisible();
  await typeCard(patient.frameLocator('iframe[title="Card details"]'), VISA);
  await patient.getByRole('button', { name: 'Review Payment' }).click();
  await patient
    .getByRole('region', { name: 'Payment summary' })
    .getByRole('button', { name: /^Pay / })
    .click();
  await expect(patient.getByText('Approved', { exact: true })).toBeVisible();
  await shot(patient, 'public-paid');

  // The viewer has not accepted the terms: the terms page.
  const viewerContext = await browser.newContext();
  const viewerCsp = await watch(viewerContext);
  const viewer = await viewerContext.newPage();
  await viewer.goto(`${server.url}/#/dashboard`);
  await fillSignIn(viewer, 'viewer@chairside.test');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await shot(viewer, 'terms');

  expect([...csp.report(), ...patientCsp.report(), ...viewerCsp.report()]).toEqual([]);
  await Promise.all([context.close(), patientContext.close(), viewerContext.close()]);
});

test('the watcher sees a violation: a script put into the page, or into a shadow root', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const csp = await watch(context);
  const page = await context.newPage();
  await signInToPortal(page, 'frontdesk', `${server.url}/#/dashboard`);
  expect(csp.report()).toEqual([]);
  await page.evaluate(() => {
    const inPage = document.createElement('script');
    inPage.textContent = 'window.__ranInPage = true;';
    document.body.append(inPage);
    const host = document.body.appendChild(document.createElement('div'));
    const inShadow = document.createElement('script');
    inShadow.textContent = 'window.__ranInShadow = true;';
    host.attachShadow({ mode: 'open' }).append(inShadow);
  });
  await expect.poll(() => csp.violations.length).toBe(2);
  expect(csp.violations.map((v) => v.directive)).toEqual(['script-src-elem', 'script-src-elem']);
  expect(csp.consoleMessages.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => '__ranInPage' in window || '__ranInShadow' in window)).toBe(false);
  await context.close();
});
