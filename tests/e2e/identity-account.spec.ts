/**
 * The identity provider's own screens in Chromium, as people use them: a front-desk user who forgot
 * their password asks for a link from the sign-in page, sets a new one from the e-mail in the sandbox
 * outbox and goes on into the portal; a used or expired link says so; a new user sets a first
 * password from an invitation; a signed-in user opens My Profile from the portal's user menu, changes
 * their name (the portal shows it) and their password. Screenshots of each screen, light and dark, go
 * to .cache/shots.
 *
 * It runs its own sandbox in-process (free ports) so that it can create the invited user
 * and age a link in the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { passwordLinks, userCompanies, users } from '../../server/db/schema/index.js';
import { inviteUser } from '../../server/identity/passwordLinks.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { mailedLink } from './support/outbox.js';
import { fillSignIn } from './support/portal.js';

const SHOTS = path.resolve('.cache', 'shots');
let server: TestServer;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.close();
});

/** The page in light and in dark (the identity pages follow prefers-color-scheme), kept for people. */
async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    fs.writeFileSync(path.join(SHOTS, `identity-${name}-${colorScheme}.png`), shot);
    await test.info().attach(`${name}-${colorScheme}.png`, { body: shot, contentType: 'image/png' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('forgot password: a link by e-mail, a new password, and on into the portal', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto(`${server.url}/#/dashboard`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shoot(page, 'sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill('frontdesk@');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter an e-mail address, like name@practice.com.');
  await page.getByLabel('Email').fill('frontdesk@chairside.test');
  await shoot(page, 'forgot');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    'If frontdesk@chairside.test belongs to a Chairside account, we have sent it a link',
  );
  await shoot(page, 'forgot-sent');

  const link = await mailedLink(server, 'frontdesk@chairside.test', 'Reset your Chairside password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText('At least 8 characters.', { exact: false })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm the new password').fill('short');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByText('The password must be at least 8 characters long.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'set-password-error');
  await page.getByLabel('New password', { exact: true }).fill('quiet harbor lights');
  await page.getByLabel('Confirm the new password').fill('quiet harbor lights');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await shoot(page, 'password-set');

  // The sign-in that was in progress goes on, with the new password.
  await page.getByRole('link', { name: 'Continue signing in' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is set. Sign in with it to go on.');
  await shoot(page, 'sign-in-after-reset');
  await fillSignIn(page, 'frontdesk@chairside.test', 'quiet harbor lights');
  await page.waitForURL(
    (url) => url.origin === server.url && url.pathname === '/' && url.hash.startsWith('#/'),
  );
  await expect(page.getByRole('button', { name: /Fran Desk/ })).toBeVisible();

  expect(errors).toEqual([]);

  // The link worked once (its page answers 410 Gone, which the browser notes in its console).
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
  await shoot(page, 'link-used');
});

test('an expired link says so and sets nothing', async ({ page }) => {
  await page.goto(`${server.url}/account/forgot`);
  await page.getByLabel('Email').fill('admin@chairside.test');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const link = await mailedLink(server, 'admin@chairside.test', 'Reset your Chairside password');
  const token = new URL(link).pathname.split('/').pop()!;
  await server.ctx.db
    .update(passwordLinks)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(passwordLinks.tokenHash, createHash('sha256').update(token).digest('hex')));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Links to set a new password work for one hour. Ask for a new one from the sign-in page.',
  );
  await expect(page.getByRole('button')).toHaveCount(0);
  await shoot(page, 'link-expired');
});

test('an invitation sets a new user’s first password, and they sign in', async ({ page }) => {
  const [user] = await server.ctx.db
    .insert(users)
    .values({
      email: 'ines.invited@chairside.test',
      passwordHash: '!',
      firstName: 'Ines',
      lastName: 'Invited',
    })
    .returning({ id: users.id });
  await server.ctx.db
    .insert(userCompanies)
    .values({ userId: user!.id, companyId: 1, roles: ['VIEWDASHBOARD', 'VIEWPAYMENTREQUESTS'] });
  const link = await inviteUser(server.ctx.db, user!.id, { publicUrl: server.url, now: new Date() });
  expect(await mailedLink(server, 'ines.invited@chairside.test', 'You are invited to Chairside')).toBe(link);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome to Chairside' })).toBeVisible();
  await expect(
    page.getByText('Set the password you will sign in with as ines.invited@chairside.test.'),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('first day smiles');
  await page.getByLabel('Confirm the new password').fill('first day smile');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await shoot(page, 'invitation-error');
  await page.getByLabel('New password', { exact: true }).fill('first day smiles');
  await page.getByLabel('Confirm the new password').fill('first day smiles');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in to Chairside' }).click();
  await fillSignIn(page, 'ines.invited@chairside.test', 'first day smiles');
  await page.waitForURL(
    (url) => url.origin === server.url && url.pathname === '/' && url.hash.startsWith('#/'),
  );
  // A new user meets the terms of service first, signed in as themselves.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(page.url()).toContain('#/terms-of-service');
});

test('My Profile from the user menu: a new name the portal shows, and a new password', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto(`${server.url}/#/dashboard`);
  await fillSignIn(page, 'admin@chairside.test');
  await page.waitForURL((url) => url.pathname === '/' && url.hash.startsWith('#/dashboard'));
  await page.getByRole('button', { name: /Avery Admin/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await page.waitForURL(`${server.url}/account/profile`);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Signed in as admin@chairside.test.')).toBeVisible();
  await shoot(page, 'profile');

  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('The first name is required.')).toBeVisible();
  await page.getByLabel('First name').fill('Avery');
  await page.getByLabel('Last name').fill('Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status')).toContainText('Your name was saved.');

  await page.getByLabel('Current password').fill('wrong one');
  await page.getByLabel('New password', { exact: true }).fill('admin harbor view');
  await page.getByLabel('Confirm the new password').fill('admin harbor view');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await shoot(page, 'profile-error');
  await page.getByLabel('Current password').fill('demo');
  await page.getByLabel('New password', { exact: true }).fill('admin harbor view');
  await page.getByLabel('Confirm the new password').fill('admin harbor view');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed.');
  await shoot(page, 'profile-saved');

  // Back in the portal, the top bar names the person by their new name.
  await page.getByRole('link', { name: 'Back to Chairside' }).click();
  await expect(page.getByRole('button', { name: /Avery Renamed/ })).toBeVisible();
  expect(errors).toEqual([]);
});
