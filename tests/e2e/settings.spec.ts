/**
 * Settings (issue 17, holes 1 and 9), as a person uses it: the practice's embed origins (added after
 * a check, removed after a confirmation) and its practice-system integrations with their roles.
 */
import { expect, test } from '@playwright/test';
import { openUserMenu, signInToPortal } from './support/portal.js';

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
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText(
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
