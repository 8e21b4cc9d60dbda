/**
 * Limits on guessing, as a person meets them on the sign-in page (issue 17, hole 10): the alert says
 * how long to wait, the right password waits too, and works once the block is over. It runs its
 * own sandbox in-process (free ports), so that its block and its moved clock touch no
 * other spec.
 */
import { expect, test } from '@playwright/test';
import { ATTEMPT_RULES } from '../../server/domain/attemptLimits.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';

let server: TestServer;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
});
test.afterAll(async () => {
  await server?.close();
});

test('the sign-in page says how long to wait after too many wrong passwords', async ({ page }) => {
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  const alert = page.getByRole('alert');

  await page.goto(`${server.url}/#/dashboard`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  for (let i = 1; i < ATTEMPT_RULES.signInAccount.failures; i++) {
    await email.fill('frontdesk@chairside.test');
    await password.fill(`not-it-${i}`);
    await signIn.click();
    await expect(alert).toHaveText('The email or password is incorrect.');
  }
  await password.fill('not-it-either');
  await signIn.click();
  await expect(alert).toHaveText('Too many attempts. Try again in 15 minutes.');

  // The right password waits too.
  await password.fill('demo');
  await signIn.click();
  await expect(alert).toHaveText('Too many attempts. Try again in 15 minutes.');
  await expect(email).toHaveValue('frontdesk@chairside.test');
  await page.screenshot({ path: '.cache/shots/sign-in-too-many-attempts.png' });

  // Fifteen minutes later (by the sandbox clock), it works.
  await server.ctx.clock.advance(15 * 60_000);
  await password.fill('demo');
  await signIn.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
