/**
 * Real banners in Chromium: a success banner from the connection test and the SDK's error banner for
 * a request that fails (a patient that does not exist answers 404). They sit at the top centre, 20 px
 * from the top with 10 px between them, and close on click or after 5000 ms. The loading overlay
 * follows the requests.
 */
import { expect, test, type Locator } from '@playwright/test';
import { signInToPortal } from './support/portal.js';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

test('banners stack at the top centre and close on click or after 5000 ms', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/test');
  await expect(page.getByRole('heading', { level: 1, name: 'Connection Test' })).toBeVisible();
  const stack = page.getByRole('region', { name: 'Messages' });
  const banners = stack.locator(':scope > *');

  // The SDK's banner for a failed request, from a screen that asks for a patient that is not there.
  await page.goto('/#/Customer/999999?key=1');
  await expect(banners).toHaveCount(1);
  const errorShownAt = Date.now();
  await expect(banners.first()).toHaveText('There was an unexpected server error.');
  await expect(banners.first().getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient not found' })).toBeVisible();

  // Two success banners from the connection test.
  await page.goto('/#/test');
  const check = page.getByRole('button', { name: 'Check the connection' });
  await check.click();
  await expect(banners).toHaveCount(2);
  await check.click();
  await expect(banners).toHaveCount(3);
  await expect(banners.nth(1).getByRole('status')).toContainText('Connected');
  await expect(banners.nth(1)).toContainText('Chairside answered for Bright Smiles Dental');

  const viewport = page.viewportSize()!;
  const [a, b, c] = [await box(banners.nth(0)), await box(banners.nth(1)), await box(banners.nth(2))];
  expect(a.y).toBeCloseTo(20, 0);
  expect(b.y).toBeCloseTo(a.y + a.height + 10, 0);
  expect(c.y).toBeCloseTo(b.y + b.height + 10, 0);
  for (const item of [a, b, c]) expect(item.x + item.width / 2).toBeCloseTo(viewport.width / 2, 0);

  // A click closes one.
  await banners.nth(2).click();
  await expect(banners).toHaveCount(2);

  // The error banner closes by itself 5000 ms after it appeared (not before); then the other.
  await expect(banners.filter({ hasText: 'There was an unexpected server error.' })).toHaveCount(0, {
    timeout: 8000,
  });
  expect(Date.now() - errorShownAt).toBeGreaterThanOrEqual(4500);
  await expect(stack).toHaveCount(0, { timeout: 8000 });
});

test('the loading overlay covers the page while a request is in flight', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/test');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/company/current', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Check the connection' }).click();
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeVisible();
  const covered = await overlay.boundingBox();
  expect(covered).toMatchObject({
    x: 0,
    y: 0,
    width: page.viewportSize()!.width,
    height: page.viewportSize()!.height,
  });
  release();
  await expect(overlay).toHaveCount(0);
});
