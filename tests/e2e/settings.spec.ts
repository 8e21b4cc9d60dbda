/**
 * Settings (issue 17, holes 1 and 9; issue 36), as a person uses it: the practice's embed origins
 * (added after a check, removed after a confirmation) and its practice-system integrations with their
 * roles; its details and its allocation settings, each section saved on its own, a bad value named on
 * its field, and the changes listed in Recent changes; and a person without MANAGESETTINGS, who has
 * no entry, no page and no answer from the server.
 */
import { expect, test } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { accessToken, openUserMenu, signInToPortal } from './support/portal.js';

test('an administrator manages the practice’s embed origins and integrations', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  await signInToPortal(page, 'admin');
  const menu = await openUserMenu(page, /Avery Admin/);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/#\/companyProfile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const origins = page.getByRole('region', { name: 'Embed origins' });
  await expect(origins.getByText('No partner’s page may embed Chairside yet.')).toBeVisible();
  const box = origins.getByRole('textbox', { name: 'New origin' });
  await box.fill('intranet.brightsmiles.example');
  await origins.getByRole('button', { name: 'Add origin' }).click();
  await expect(origins.getByText('The origin must start with http:// or https://.')).toBeVisible();
  await box.fill('https://Intranet.BrightSmiles.example/');
  await origins.getByRole('button', { name: 'Add origin' }).click();
  await expect(
    origins.getByRole('cell', { name: 'https://intranet.brightsmiles.example', exact: true }),
  ).toBeVisible();
  await box.fill('http://localhost:3000');
  await box.press('Enter');
  await expect(origins.getByRole('cell', { name: 'http://localhost:3000', exact: true })).toBeVisible();

  const integration = page.getByRole('listitem', { name: 'Open Dental add-on (demo)' });
  await expect(integration).toContainText('practice-addon-demo');
  await expect(integration.getByRole('checkbox', { name: 'View payment requests' })).toBeChecked();
  await expect(integration.getByRole('checkbox', { name: 'View dashboard' })).not.toBeChecked();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: '.cache/shots/settings.png', fullPage: true });

  // The add-on may see the dashboard from now on; then back as it was.
  await integration.getByRole('checkbox', { name: 'View dashboard' }).check();
  await integration.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByRole('region', { name: 'Messages', exact: true })).toContainText(
    'Open Dental add-on (demo) now gets the roles checked.',
  );
  await page.reload();
  const reloaded = page.getByRole('listitem', { name: 'Open Dental add-on (demo)' });
  await expect(reloaded.getByRole('checkbox', { name: 'View dashboard' })).toBeChecked();
  await reloaded.getByRole('checkbox', { name: 'View dashboard' }).uncheck();
  await reloaded.getByRole('button', { name: 'Save roles' }).click();
  await expect(reloaded.getByRole('button', { name: 'Save roles' })).toBeDisabled();

  // Removing asks first.
  const list = page.getByRole('region', { name: 'Embed origins' });
  await list.getByRole('button', { name: 'Remove http://localhost:3000' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Origin' });
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeVisible();
  await page.screenshot({ path: '.cache/shots/settings-remove.png' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByRole('cell', { name: 'http://localhost:3000', exact: true })).toHaveCount(0);
  await list.getByRole('button', { name: 'Remove https://intranet.brightsmiles.example' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove Origin' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(list.getByText('No partner’s page may embed Chairside yet.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the practice’s details and its allocation settings save section by section, and Recent changes lists them', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', '/#/companyProfile');
  const practice = page.getByRole('region', { name: 'Practice', exact: true });
  await expect(practice.getByRole('textbox', { name: /Practice name/ })).toHaveValue('Bright Smiles Dental');

  // A bad address is named on its field, and nothing is saved.
  const support = practice.getByRole('textbox', { name: 'Support contact’s e-mail' });
  await support.fill('dana@');
  await practice.getByRole('button', { name: 'Save' }).click();
  await expect(practice.getByText('Support contact’s e-mail is not a valid e-mail address')).toBeVisible();

  await support.fill('dana.whitfield@brightsmiles.test');
  await practice.getByRole('textbox', { name: 'Support contact', exact: true }).fill('Dana Whitfield-Ortiz');
  await practice.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Messages', exact: true })).toContainText('Saved');
  await expect(practice.getByRole('button', { name: 'Save' })).toBeDisabled();

  const allocation = page.getByRole('region', { name: 'Allocation and memberships' });
  await allocation.getByRole('textbox', { name: /Membership notice days/ }).fill('400');
  await allocation.getByRole('button', { name: 'Save' }).click();
  await expect(allocation.getByText('Membership notice days must be at most 365')).toBeVisible();
  await allocation.getByRole('textbox', { name: /Membership notice days/ }).fill('31');
  await allocation.getByRole('button', { name: 'Save' }).click();
  await expect(allocation.getByRole('button', { name: 'Save' })).toBeDisabled();

  const changes = page.getByRole('region', { name: 'Recent changes' }).getByRole('table');
  await expect(changes.locator('tbody tr').first()).toContainText('Allocation and memberships changed');
  await expect(changes.locator('tbody tr').first()).toContainText('membershipDays: 30 → 31');
  await expect(changes.locator('tbody tr').nth(1)).toContainText('Practice details changed');
  await expect(changes.locator('tbody tr').nth(1)).toContainText(
    'supportEmail: "dana@brightsmiles.test" → "dana.whitfield@brightsmiles.test"',
  );

  // What was saved is what the page reads again.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Practice', exact: true })
      .getByRole('textbox', { name: 'Support contact', exact: true }),
  ).toHaveValue('Dana Whitfield-Ortiz');
  await expect(
    page
      .getByRole('region', { name: 'Allocation and memberships' })
      .getByRole('textbox', { name: /Membership notice days/ }),
  ).toHaveValue('31');
  // The server's refusals above log their 400s; nothing else.
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
});

test('without MANAGESETTINGS: no menu entry, no page, and 403 from the server', async ({ page }) => {
  await signInToPortal(page, 'frontdesk');
  const menu = await openUserMenu(page, /Fran Desk/);
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/#/companyProfile');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Settings need the role to manage settings.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Practice', exact: true })).toHaveCount(0);

  const token = await accessToken(page);
  for (const [method, path] of [
    ['GET', '/api/settings/practice'],
    ['POST', '/api/settings/allocationAndMemberships'],
    ['GET', '/api/settings/changes'],
    ['GET', '/api/settings/linkExpiry'],
  ] as const) {
    const res = await page.request.fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      data: method === 'POST' ? { doesAllocateProcedures: false, membershipDays: 30 } : undefined,
    });
    expect(res.status(), path).toBe(403);
  }
});
