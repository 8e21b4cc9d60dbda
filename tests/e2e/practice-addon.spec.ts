/**
 * The practice-system add-on page asks for the practice system's own sign-in before the add-on's
 * backend hands out any token (issue 17, hole 1); then the widget works end to end, the session
 * survives a reload, and signing out ends it.
 */
import { expect, test } from '@playwright/test';
import { patientSearch } from './support/patientSearch.js';
import { ADDON, signInToHost } from './support/practiceAddon.js';

test('the add-on works only for the practice system’s signed-in user', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  const tokenAnswers: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/sandbox/practice-addon/token')) tokenAnswers.push(r.status());
  });
  const loaderRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/embed.js')) loaderRequests.push(r.url());
  });

  await page.goto(ADDON);
  await expect(page.getByRole('heading', { name: 'Sign in to the practice system' })).toBeVisible();
  await expect(page.locator('chairside-patient-search')).toHaveCount(0);
  await page.screenshot({ path: '.cache/shots/addon-sign-in.png' });

  await signInToHost(page, 'reception', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  await page.screenshot({ path: '.cache/shots/addon-sign-in-refused.png' });
  expect(tokenAnswers).toEqual([]);
  expect(loaderRequests).toEqual([]);

  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#host-user')).toHaveText('Signed in as Rita Reception');
  const search = patientSearch(page);
  await expect(search.option(/Maria Garcia/)).toBeVisible();
  await search.search('okafor');
  await expect(search.list.getByRole('option')).toHaveCount(2);
  await search.option(/Grace Okafor/).click();
  await expect(page.locator('#last-selected')).toContainText('"firstName":"Grace"');
  await page.screenshot({ path: '.cache/shots/addon-signed-in.png' });
  expect(tokenAnswers.length).toBeGreaterThan(0);
  expect(tokenAnswers.every((status) => status === 200)).toBe(true);

  // The session is the host's cookie: a reload keeps it.
  await page.reload();
  await expect(page.locator('#host-user')).toHaveText('Signed in as Rita Reception');
  await expect(patientSearch(page).box).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the practice system' })).toBeVisible();
  await expect(page.locator('chairside-patient-search')).toHaveCount(0);
  const after = await page.request.post('/sandbox/practice-addon/token');
  expect(after.status()).toBe(401);
  expect(errors).toEqual([]);
});
