/**
 * How the portal looks and reads: the dark theme applies to the portal and the widgets it places
 * (computed colours) and is kept on the device; axe finds no serious or critical violations on the
 * dashboard, the error page and the terms page; screenshots at 1440 and 1024 px, light and dark,
 * are saved under .cache/shots/ for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openUserMenu, signInToPortal } from './support/portal.js';

const SHOTS = path.resolve(import.meta.dirname, '../../.cache/shots');

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const colourOf = (page: Page, selector: string, property: 'backgroundColor' | 'color') =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p as 'color'], property);

async function seriousViolations(page: Page) {
  // Fluent's focus management (tabster) puts tiny aria-hidden focus sentinels at the edges of focus
  // groups; a sentinel passes focus on at once and is never read, so axe's aria-hidden-focus rule
  // does not apply to them. Everything else is checked.
  const results = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the dark theme applies to the portal and its widgets, and is kept on the device', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/theme');
  await expect(page.getByRole('heading', { level: 1, name: 'Theme' })).toBeVisible();
  expect(luminance(await colourOf(page, 'main', 'color'))).toBeLessThan(0.3);
  const lightBackground = await page.evaluate(
    () => getComputedStyle(document.querySelector('main')!.parentElement!).backgroundColor,
  );
  expect(luminance(lightBackground)).toBeGreaterThan(0.9);

  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const darkBackground = await page.evaluate(
    () => getComputedStyle(document.querySelector('main')!.parentElement!).backgroundColor,
  );
  expect(luminance(darkBackground)).toBeLessThan(0.2);
  expect(luminance(await colourOf(page, 'h1', 'color'))).toBeGreaterThan(0.8);
  // The patient search (a widget placed in the portal) follows.
  const search = page.getByRole('combobox', { name: 'Search patients' });
  expect(
    luminance(await search.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)),
  ).toBeLessThan(0.3);
  expect(luminance(await search.evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(0.7);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Theme' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBeLessThan(
    0.2,
  );
  // The SDK was started with it too (widget elements read it).
  expect(await page.evaluate(() => localStorage.getItem('chairside.portal.theme'))).toBe('dark');
});

test('axe: no serious or critical violations on the dashboard, the error page and the terms page', async ({
  page,
}) => {
  await signInToPortal(page, 'frontdesk', '/#/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/#/error?error_message=Something%20went%20wrong%3A%20%3Cb%3Ex%3C%2Fb%3E');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/#/terms-of-service?nextUrl=%2Fdashboard');
  await expect(page.getByRole('textbox', { name: /Terms of Service/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('keyboard: focus is visible on the skip link, the sidebar and the top bar', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/transactions');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  const outline = await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .evaluate((el) => {
      (el as HTMLElement).focus();
      return getComputedStyle(el).outlineStyle;
    });
  // Programmatic focus after keyboard use shows the focus ring.
  expect(outline).not.toBe('none');
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 1024]) {
    test(`screenshot: dashboard at ${width} px, ${theme}`, async ({ page }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/p/shot');
      await page.evaluate((t) => localStorage.setItem('chairside.portal.theme', t), theme);
      await signInToPortal(page, 'admin', '/#/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(SHOTS, `portal-dashboard-${width}-${theme}.png`) });
      if (width < 1200) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(SHOTS, `portal-drawer-${width}-${theme}.png`) });
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: /Notifications/ }).click();
        await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
        await page.waitForTimeout(400); // the popover's fade-in
        await page.screenshot({ path: path.join(SHOTS, `portal-bell-${width}-${theme}.png`) });
        await page.keyboard.press('Escape');
        await openUserMenu(page, /Avery Admin/);
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(SHOTS, `portal-menu-${width}-${theme}.png`) });
        await page.keyboard.press('Escape');
        await page.goto('/#/admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `portal-admin-${width}-${theme}.png`) });
        await page.goto('/#/terms-of-service');
        await expect(page.getByRole('textbox', { name: /Terms of Service/ })).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `portal-terms-${width}-${theme}.png`) });
        await page.goto('/#/error?error_message=%3Cb%3Ex%3C%2Fb%3E');
        await page.screenshot({ path: path.join(SHOTS, `portal-error-${width}-${theme}.png`) });
      }
    });
  }
}
