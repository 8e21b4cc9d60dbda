/**
 * The foundation, end to end in Chromium on the real server and database: sign-in through the
 * sign-in page, an API call with the token, a realtime event pushed by the server, a refused wrong
 * password, and a practice's data closed to another practice's token.
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';

async function signInOnPage(page: Page, email: string, password = 'demo') {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signs in through the sign-in page and calls the API with the token', async ({ page }) => {
  await page.goto('/examples/sdk/');
  await expect(page.locator('#auth-status')).toHaveText('Not signed in.');
  await signInOnPage(page, 'frontdesk@chairside.test');
  await expect(page).toHaveURL(/\/examples\/sdk\/$/);
  await expect(page.locator('#auth-status')).toHaveText('Signed in as Fran Desk (frontdesk@chairside.test).');
  const session = page.locator('#session');
  await expect(session).toContainText('Bright Smiles Dental');
  await expect(session).toContainText('OPENDENTAL');
  await expect(page.locator('#clinics li')).toHaveText([
    'Headquarters (clinic 1)',
    'Northside Clinic (clinic 2)',
    'Lakeview Clinic (clinic 3)',
  ]);
});

test('refuses a wrong password with a clear message', async ({ page }) => {
  await page.goto('/examples/sdk/');
  await signInOnPage(page, 'frontdesk@chairside.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page.getByLabel('Email')).toHaveValue('frontdesk@chairside.test');
  await expect(page).toHaveURL(/\/interaction\//);
});

test("a token of one practice cannot read another practice's clinics", async ({ page }) => {
  await page.goto('/examples/sdk/');
  await signInOnPage(page, 'frontdesk@chairside.test');
  await expect(page.locator('#clinics li')).toHaveCount(3);
  const outcome = await page.evaluate(async () => {
    const sdk = (await (window as unknown as { Chairside: { sdk(): Promise<never> } }).Chairside.sdk()) as {
      api: {
        call(
          e: object,
          o?: object,
        ): Promise<{ isSuccess: boolean; value: { clinics: { description: string }[] } }>;
      };
    };
    let status = 0;
    try {
      await sdk.api.call({ method: 'POST', path: '/api/auth/login-company' }, { body: { companyId: 2 } });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    const clinics = await sdk.api.call({ method: 'GET', path: '/api/company/clinics' });
    return { status, clinics: clinics.value.clinics.map((c) => c.description) };
  });
  expect(outcome.status).toBe(404);
  expect(outcome.clinics).toEqual(['Headquarters', 'Northside Clinic', 'Lakeview Clinic']);
  await expect(page.locator('#banners')).toContainText('There was an unexpected server error.');
});

test.describe('realtime', () => {
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startTestServer();
  });
  test.afterAll(async () => server?.close());

  test('receives a realtime event pushed by the server', async ({ page }) => {
    await page.goto(`${server.url}/examples/sdk/`);
    await signInOnPage(page, 'frontdesk@chairside.test');
    await expect(page.locator('#realtime-state')).toHaveText('connected');
    expect(server.ctx.realtime.connectionsIn(1)).toBe(1);
    server.ctx.realtime.publish(1, 'TransactionProcessed', [
      {
        transactionId: 41,
        referenceId: 'RT7Q2M-0001',
        refundVoidReferenceId: null,
        status: 'APPROVED',
        source: 'TEXTTOPAY',
        amount: 12500,
        customerId: 7,
        notificationId: null,
        paymentPlanId: null,
        customerMembershipBillingId: null,
        practiceManagementStatus: 2,
      },
    ]);
    await expect(page.locator('#events li')).toHaveText(['TransactionProcessed: RT7Q2M-0001 APPROVED 12500']);
    // Another practice's event does not reach this page.
    expect(server.ctx.realtime.connectionsIn(2)).toBe(0);
  });
});
