/**
 * The portal's session in Chromium, against the real sign-in page: sign-in redirect and return,
 * the terms gate (viewer, on a server of its own so that the order of tests does not matter), the
 * admin gate, the public payment page, the error and not-found pages, and logging out.
 */
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { fillSignIn, hashOf, openUserMenu, signInToPortal, USERS } from './support/portal.js';
import { signIn } from './support/signIn.js';

test('a page reached signed out goes to sign-in and comes back to the same page', async ({ page }) => {
  await page.goto('/#/paymentplans?paymentPlanId=7');
  await fillSignIn(page, USERS.frontdesk);
  // Back on the Payment Plans page with plan 7 open, as the address asked (the open modal hides the
  // page from the accessibility tree, so the heading is looked for among hidden elements too).
  await expect(page.getByRole('dialog', { name: /^Payment Plan for / })).toContainText('Plan ID: 7');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Payment Plans', includeHidden: true }),
  ).toBeVisible();
  expect(hashOf(page)).toBe('#/paymentplans?paymentPlanId=7');
  expect(new URL(page.url()).search).toBe('');
  // The session fields are kept on the device.
  const session = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('chairside.portal.session') ?? 'null'),
  );
  expect(session).toMatchObject({
    name: 'Fran Desk',
    email: 'frontdesk@chairside.test',
    companyName: 'Bright Smiles Dental',
    gatewayCode: 'OPENDENTAL',
    app: 'dashboard',
    termsOfService: true,
    isAdmin: false,
  });
});

test('/login goes to / and / to /dashboard', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/login');
  await expect(page).toHaveURL(/#\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the admin gate: the front desk entering /admin lands on /dashboard', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/admin/companies');
  await expect(page).toHaveURL(/#\/dashboard$/);
  await page.goto('/#/admin');
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toHaveCount(0);
});

test('an administrator enters the admin area: Dentists, System Admin, the company, Logout', async ({
  page,
}) => {
  await signInToPortal(page, 'admin', '/#/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await nav.getByRole('link', { name: 'Dentists' }).click();
  await expect(page).toHaveURL(/#\/admin\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dentists' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dentists' })).toHaveAttribute('aria-current', 'page');
  // The directory: every practice; a search keeps the matching ones, and a name opens its practice.
  const practices = page.getByRole('table', { name: 'Practices' });
  await expect(practices.getByRole('link', { name: 'Cedar Family Dentistry' })).toBeVisible();
  await page.getByRole('searchbox').fill('dentrix');
  await expect(page).toHaveURL(/#\/admin\/companies\?q=dentrix$/);
  await expect(practices.getByRole('row')).toHaveCount(2);
  await practices.getByRole('link', { name: 'Cedar Family Dentistry' }).click();
  await expect(page).toHaveURL(/#\/admin\/company\/2$/);
  await nav.getByRole('link', { name: 'System Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Admin' })).toBeVisible();
  await nav.getByRole('link', { name: 'Admin home' }).click();
  await expect(page).toHaveURL(/#\/admin$/);
  await nav.getByRole('link', { name: 'Bright Smiles Dental' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  // 21 November is outside the 31 days before Christmas.
  await expect(page.getByTestId('festive-lights')).toHaveCount(0);
});

test.describe("logging in as another practice (a server of its own: the administrator's practice is stored)", () => {
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startTestServer();
  });
  test.afterAll(async () => server?.close());

  test("an administrator logs in as another practice from its page, and the practice's audit trail says so", async ({
    page,
  }) => {
    await signInToPortal(page, 'admin', `${server.url}/#/admin/company/3`);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Dental' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'People' }).getByRole('row')).not.toHaveCount(1);
    await page.getByRole('button', { name: 'Log in as this practice' }).click();
    // The session is stored and the page reloads at the root: the practice's dashboard.
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.getByRole('button', { name: /Harbor View Dental/ })).toBeVisible();
    await page.goto(`${server.url}/#/admin/company/3`);
    const latest = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').nth(1);
    await expect(latest).toContainText('admin@chairside.test');
    await expect(latest).toContainText('Logged in as the practice');
    await expect(latest).toContainText('→ 3');
  });
});

test('an old payment link (/#/p/…) lands on the patient’s page at its path, which needs no sign-in and boots without the portal', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/#/p/abc123');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Payment request abc123')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/p/abc123');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  // The server rendered the page for the link (unknown: a final page, with no script and no call of
  // the browser's own), and neither the configuration, the identity provider nor the hub was asked.
  expect(asked).toContain('/p/abc123');
  expect(asked.filter((p) => p.startsWith('/api/') || p.startsWith('/patient/'))).toEqual([]);
  expect(asked.filter((p) => /^\/(oidc|hub)/.test(p))).toEqual([]);
  expect(asked.filter((p) => /\/(startPortalApp|PublicApp)-/.test(p))).toEqual([]);
});

test('a signed-in person opens a public link as a patient would see it, and the logo leads back to the portal', async ({
  page,
}) => {
  await signInToPortal(page, 'frontdesk', '/#/transactions');
  await page.goto('/#/p/abc123');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Payment request abc123')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /sidebar|main/i })).toHaveCount(0);
  await page.getByRole('link', { name: 'Chairside home' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the error page shows the decoded error_message as text, never as markup', async ({ page }) => {
  await page.goto('/#/error?error_message=%3Cb%3Ex%3C%2Fb%3E');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('<b>x</b>');
  await expect(page.getByRole('main').locator('b')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an unknown address shows Oops! Page not found. with a link back', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/transactions');
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('Page not found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('Logout signs out at the identity provider; the next page asks to sign in again', async ({ page }) => {
  // A session of its own: signing out ends it at the identity provider.
  await signInToPortal(page, 'frontdesk', '/#/transactions', { throughSignInPage: true });
  const menu = await openUserMenu(page, /Fran Desk/);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('chairside.portal.session'))).toBeNull();
});

test.describe('the terms gate (a server of its own: the acceptance is stored)', () => {
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startTestServer();
  });
  test.afterAll(async () => server?.close());

  test('the viewer must accept the terms, then continues to the page they asked for', async ({ page }) => {
    await page.goto(`${server.url}/#/transactions`);
    await fillSignIn(page, USERS.viewer);
    await expect(page).toHaveURL(/#\/terms-of-service\?nextUrl=%2Ftransactions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const box = page.getByRole('textbox', { name: /Terms of Service/ });
    await expect(box).toHaveValue(/Chairside Terms of Service/);
    expect((await box.boundingBox())?.height).toBe(340);
    // The rest of the portal stays closed until then.
    await page.goto(`${server.url}/#/paymentplans`);
    await expect(page).toHaveURL(/#\/terms-of-service\?nextUrl=%2Fpaymentplans$/);

    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/#\/paymentplans$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Plans' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Plans' })).toBeVisible();
    await expect(page).toHaveURL(/#\/paymentplans$/);
  });
});

test.describe('the terms on a host page (a server of its own: the acceptance is stored)', () => {
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startTestServer();
  });
  test.afterAll(async () => server?.close());

  test("a widget sends the viewer to the portal's terms, and works once they accept them", async ({
    page,
    context,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${server.url}/examples/intranet/`);
    await signIn(page, USERS.viewer);
    const panel = page.getByRole('region', { name: 'Terms of service' });
    const search = page.getByRole('combobox', { name: /Search patients/ });
    // The widget asks the API only when it needs to: typing a search is the first call. The search
    // box may give way to the panel at any moment (a call made as the widget loads was refused), so
    // each try types only while the box is there.
    await expect(async () => {
      if (!(await panel.isVisible())) await search.fill('castellanos', { timeout: 1_000 });
      await expect(panel).toContainText('Accept the terms of service to continue.', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const review = panel.getByRole('link', { name: 'Review the terms' });
    await expect(review).toHaveAttribute('href', `${server.url}/#/terms-of-service`);

    const [terms] = await Promise.all([context.waitForEvent('page'), review.click()]);
    await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await terms.getByRole('button', { name: 'Accept' }).click();
    await expect(terms).not.toHaveURL(/terms-of-service/);
    await terms.close();

    // Back on the host page, the widget asks again and works.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(panel).toHaveCount(0);
    await search.fill('castellanos');
    await expect(page.getByRole('option', { name: /Evelyn Castellanos/ })).toBeVisible();
    // A refused call is answered by the panel, not by an error in the host page's console.
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });
});

test('a failed login call is logged and the person stays signed in (with the session kept on the device)', async ({
  page,
}) => {
  await signInToPortal(page, 'frontdesk', '/#/transactions');
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        isSuccess: false,
        value: null,
        errors: ['Down for maintenance.'],
        showMessage: true,
      }),
    }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText(
    'There was an unexpected server error.',
  );
  expect(errors.some((e) => e.includes('the login call failed'))).toBe(true);

  // Without a session on the device there is nothing to show yet: say so, and offer to try again.
  await page.evaluate(() => localStorage.removeItem('chairside.portal.session'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your practice could not be loaded' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('You are signed in');
  await page.unroute('**/api/auth/login');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
});

test.describe('an identity provider that cannot be reached', () => {
  let server: TestServer;
  test.beforeAll(async () => {
    // The configuration names a provider nobody answers at.
    server = await startTestServer({ OIDC_AUTHORITY: 'http://localhost:9/oidc' });
  });
  test.afterAll(async () => server?.close());

  test('is logged as an initialisation error after the spec wait, and the person is told', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${server.url}/#/dashboard`);
    await expect(page.getByText('Signing you in…')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Chairside could not reach the sign-in service' }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('alert')).toContainText('after 100 tries');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(
      errors.some((e) => e.includes('could not load the identity provider at http://localhost:9/oidc')),
    ).toBe(true);
  });
});
