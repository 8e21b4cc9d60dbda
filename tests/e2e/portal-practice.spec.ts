/**
 * Switching practice in Chromium (a server of its own: the current practice is stored for the
 * user): the administrator switches from Bright Smiles Dental (Open Dental) to Cedar Family
 * Dentistry (Dentrix); the page reloads at the root and the company name, the clinics, the
 * patients the search finds and the gateway's sidebar item all change.
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { openUserMenu, sidebar, sidebarLinks, signInToPortal } from './support/portal.js';

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer();
});
test.afterAll(async () => server?.close());

async function searchNames(page: Page, term: string): Promise<string[]> {
  const box = page.getByRole('combobox', { name: 'Search patients' });
  await box.fill(term);
  await expect(page.getByTestId('patient-search-popup')).toHaveAttribute('data-state', 'results.complete');
  const names = (await page.getByRole('option').allTextContents()).map((t) => t.trim());
  await box.fill('');
  await page.keyboard.press('Escape');
  return names;
}

async function clinics(page: Page): Promise<string[]> {
  await page.goto(`${server.url}/#/profile`);
  const list = page.getByRole('list', { name: 'Clinics' });
  await expect(list).toBeVisible();
  return (await list.getByRole('listitem').allTextContents()).map((t) => t.trim());
}

test('switching practice changes the data shown', async ({ page }) => {
  await signInToPortal(page, 'admin', `${server.url}/#/dashboard`);
  await expect(sidebar(page)).toContainText('Bright Smiles Dental');
  await expect(page.getByRole('banner').getByRole('button', { name: /Avery Admin/ })).toContainText(
    'Bright Smiles Dental',
  );
  await expect(sidebarLinks(page).filter({ hasText: 'Reimbursements' })).toHaveCount(1);
  expect(await clinics(page)).toEqual(['Headquarters', 'Northside Clinic', 'Lakeview Clinic']);
  expect((await searchNames(page, 'Okafor')).some((n) => n.includes('Chidi Okafor'))).toBe(true);

  await page.goto(`${server.url}/#/transactions`);
  const menu = await openUserMenu(page, /Avery Admin/);
  const reloaded = page.waitForEvent('load');
  await menu.getByRole('menuitemradio', { name: /Cedar Family Dentistry/ }).click();
  await reloaded;
  // Reloaded at the root, which goes to the dashboard.
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(sidebar(page)).toContainText('Cedar Family Dentistry');
  await expect(page.getByRole('banner').getByRole('button', { name: /Avery Admin/ })).toContainText(
    'Cedar Family Dentistry',
  );
  // Dentrix: no Reimbursements, whatever the roles.
  await expect(sidebarLinks(page)).toHaveText([
    'Dashboard',
    'Reports',
    'Transactions',
    'Payment Requests',
    'Payment Plans',
    'Memberships',
  ]);
  expect(await clinics(page)).toEqual(['Headquarters']);
  const okafor = await searchNames(page, 'Okafor');
  expect(okafor.some((n) => n.includes('Okafor'))).toBe(false);
  expect((await searchNames(page, 'Castellanos')).some((n) => n.includes('Evelyn Castellanos'))).toBe(true);

  // The choice is the server's: a new tab (a reload) stays in Cedar Family Dentistry.
  await page.reload();
  await expect(sidebar(page)).toContainText('Cedar Family Dentistry');
  const session = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('chairside.portal.session') ?? '{}'),
  );
  expect(session).toMatchObject({
    companyId: 2,
    companyName: 'Cedar Family Dentistry',
    gatewayCode: 'DENTRIX',
  });
});
