/**
 * Navigation by role in Chromium, signing in as each demo user: the sidebar's items and the user
 * menu's entries follow the roles and the practice system; the active item follows the route; the
 * sidebar collapses below 1200 px; choosing a patient goes to the patient page.
 */
import { expect, test } from '@playwright/test';
import {
  hashOf,
  menuEntries,
  openUserMenu,
  sidebar,
  sidebarLinks,
  signInToPortal,
} from './support/portal.js';

const ALL_ITEMS = [
  'Dashboard',
  'Reports',
  'Transactions',
  'Payment Requests',
  'Payment Plans',
  'Memberships',
];

test('admin (every role, Open Dental practice): every sidebar item and menu entry, in order', async ({
  page,
}) => {
  await signInToPortal(page, 'admin');
  await expect(sidebarLinks(page)).toHaveText([...ALL_ITEMS, 'Reimbursements']);
  await expect(sidebar(page)).toContainText('Bright Smiles Dental');
  const menu = await openUserMenu(page, /Avery Admin/);
  await expect(menuEntries(menu)).toHaveText([
    'Admin Dashboard',
    'Practice Admin Page',
    'Dentists',
    'My Profile',
    'Settings',
    'Support',
    'Membership Administration',
    'Light',
    'Dark',
    'Bright Smiles DentalOpen Dental',
    'Cedar Family DentistryDentrix',
    'Harbor View DentalEaglesoft',
    'Logout',
  ]);
  // The version is the last thing in the menu.
  await expect(menu.getByText('Version 0.1.0 · Release 0.1.0-sandbox')).toBeVisible();
  const lastText = await menu.evaluate((el) => (el as HTMLElement).innerText.trim().split('\n').at(-1));
  expect(lastText).toBe('Version 0.1.0 · Release 0.1.0-sandbox');
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await openUserMenu(page, /Avery Admin/);
  await page.getByRole('menu').getByRole('menuitem', { name: 'Practice Admin Page' }).click();
  await expect(page).toHaveURL(/#\/admin\/company\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bright Smiles Dental' })).toBeVisible();
});

test('front desk (no insurance, settings or membership roles): no Reimbursements, Settings or admin entries', async ({
  page,
}) => {
  await signInToPortal(page, 'frontdesk');
  await expect(sidebarLinks(page)).toHaveText(ALL_ITEMS);
  const menu = await openUserMenu(page, /Fran Desk/);
  await expect(menuEntries(menu)).toHaveText([
    'My Profile',
    'Support',
    'Light',
    'Dark',
    'Bright Smiles DentalOpen Dental',
    'Logout',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Support' })).toHaveAttribute(
    'href',
    /^mailto:support@chairside\.test/,
  );
  // My Profile opens the identity provider's profile page (issue 18), which names the person too.
  await menu.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('frontdesk@chairside.test');
  // A screen the roles do not allow says so, inside the shell.
  await page.goto('/#/companyProfile');
  await expect(page.getByRole('main')).toContainText('Settings need the role to manage settings.');
});

test('viewer (insurance role, but a Dentrix practice): no Reimbursements; both practices to switch to', async ({
  page,
}) => {
  await signInToPortal(page, 'viewer');
  await expect(sidebarLinks(page)).toHaveText(ALL_ITEMS);
  await expect(sidebar(page)).toContainText('Cedar Family Dentistry');
  await expect(sidebar(page)).toContainText('Dentrix');
  const menu = await openUserMenu(page, /Vic Viewer/);
  await expect(menuEntries(menu)).toHaveText([
    'My Profile',
    'Support',
    'Light',
    'Dark',
    'Cedar Family DentistryDentrix',
    'Harbor View DentalEaglesoft',
    'Logout',
  ]);
  await expect(menu.getByRole('menuitemradio', { name: /Cedar Family Dentistry/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');
  await page.goto('/#/insurance');
  await expect(page.getByRole('main')).toContainText(
    'Reimbursements are available for Open Dental practices',
  );
});

test('the active sidebar item follows the route', async ({ page }) => {
  await signInToPortal(page, 'admin', '/#/transactions');
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Payment Requests' }).click();
  await expect(page).toHaveURL(/#\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Requests' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payment Requests' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'false');
  // A new reimbursement opens insurancepayment, which belongs to Reimbursements.
  await page.goto('/#/insurancepayment?showExisting=0&date=2026-11-21');
  await expect(page.getByRole('heading', { level: 1, name: 'New Reimbursement' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reimbursements' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(nav.getByRole('link', { name: 'Payment Requests' })).toHaveAttribute('aria-current', 'page');
});

test('below 1200 px the sidebar collapses into a menu button that opens it as a drawer', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/dashboard');
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);

  await page.setViewportSize({ width: 1199, height: 900 });
  await expect(sidebar(page)).toHaveCount(0);
  const menuButton = page.getByRole('button', { name: 'Open navigation' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link')).toHaveText(ALL_ITEMS);
  await drawer.getByRole('link', { name: 'Payment Plans' }).click();
  await expect(page).toHaveURL(/#\/paymentplans$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Plans' })).toBeVisible();
  await expect(drawer).toBeHidden();
  // Escape closes it too, and focus returns to the menu button.
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.setViewportSize({ width: 1200, height: 900 });
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
});

test('choosing a patient in the top bar goes to the patient page', async ({ page }) => {
  await signInToPortal(page, 'frontdesk');
  const box = page.getByRole('combobox', { name: 'Search patients' });
  await box.fill('Okafor');
  const popup = page.getByTestId('patient-search-popup');
  await expect(popup).toHaveAttribute('data-state', 'results.complete');
  await page.getByRole('option', { name: /Chidi Okafor/ }).click();
  await expect(page).toHaveURL(/#\/Customer\/\d+\?key=1006$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chidi Okafor' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Patient number 1006');
  expect(hashOf(page)).toMatch(/^#\/Customer\/\d+\?key=1006$/);
});

test('the user menu switches the theme to Dark and back, kept on this device', async ({ page }) => {
  await signInToPortal(page, 'frontdesk');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  let menu = await openUserMenu(page, /Fran Desk/);
  await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // The page itself is dark, not only the attribute.
  const background = await page
    .getByRole('main')
    .evaluate((main) => getComputedStyle(main.closest('.fui-FluentProvider')!).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: '.cache/shots/user-menu-theme-dark.png' });

  // Kept after a reload, and checked in the menu.
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  menu = await openUserMenu(page, /Fran Desk/);
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
});
