/**
 * What a partner's developer sees on a host page while staff search: no console errors (patients
 * without a picture are never asked for one), and a search that still finds patients when the
 * clinics call fails and the spec's fallback option (value 0) is all there is.
 */
import { expect, test, type Page } from '@playwright/test';
import { patientSearch } from './support/patientSearch.js';
import { signIn } from './support/signIn.js';

const INTRANET = '/examples/intranet/';

/** Every console error and failed response the page logs from now on. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a patient search on the intranet page logs no console error', async ({ page }) => {
  const avatarRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/patient/getAvatar')) avatarRequests.push(request.url());
  });
  await page.goto(INTRANET);
  await signIn(page, 'frontdesk@chairside.test');
  const errors = watchConsole(page);
  const search = patientSearch(page);
  await expect(search.box).toBeVisible();

  // A dozen or more patients, most of them without a picture.
  await search.search('an');
  const rows = search.list.getByRole('option');
  expect(await rows.count()).toBeGreaterThan(12);
  const pictures = search.list.locator('[data-has-image="true"]');
  await expect(pictures.first()).toBeVisible();
  const withPicture = await pictures.count();
  expect(withPicture).toBeGreaterThan(0);
  expect(withPicture).toBeLessThan(await rows.count());

  await search.search('okafor');
  await expect(search.option(/Grace Okafor/)).toBeVisible();
  // Pictures are asked for only where they exist: as many requests as pictures shown.
  expect(avatarRequests.length).toBeGreaterThan(0);
  expect(avatarRequests.length).toBeLessThanOrEqual(withPicture + 2);
  expect(errors).toEqual([]);
});

test('with the clinics call failing, the add form offers the fallback and a search in it finds patients of every clinic', async ({
  page,
}) => {
  await page.route('**/api/company/clinics', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.goto(INTRANET);
  await signIn(page, 'frontdesk@chairside.test');
  const search = patientSearch(page);
  await expect(search.box).toBeVisible();

  await search.search('zoe fallback');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const dialog = search.dialog('Add Patient');
  const clinic = dialog.getByLabel('Clinic');
  await expect(clinic.locator('option')).toHaveText(['Headquarters (issue getting clinics)']);
  const fallback = await clinic.inputValue();
  expect(fallback).toBe('0');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The search scoped to the fallback's clinic, as a host that offers the same fallback would set it.
  await page
    .locator('chairside-patient-search')
    .evaluate((el, value) => el.setAttribute('clinic-num', value), fallback);
  await search.search('okafor');
  await expect(search.group('Northside Clinic').getByRole('option')).toHaveText([/Chidi Okafor/]);
  await expect(search.group('Lakeview Clinic').getByRole('option')).toHaveText([/Grace Okafor/]);
});
