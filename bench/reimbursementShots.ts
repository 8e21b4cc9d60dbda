/**
 * Screenshots of the Reimbursements list, Reimbursement Details and New Reimbursement (two claims
 * chosen), in the portal signed in as the administrator of the Open Dental practice, at 1024×768 and
 * 1440×900, light and dark: .cache/shots/reimbursements-*.png. On a running e2e server (E2E_PORT,
 * after a build). Fails on any console error.
 *
 *   E2E_PORT=8710 npx tsx tests/support/e2e-server.ts &   # after npx tsx scripts/build.ts
 *   E2E_PORT=8710 npx tsx bench/reimbursementShots.ts
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const base = `http://localhost:${process.env.E2E_PORT ?? 8380}`;
const SHOTS = '.cache/shots';
const SIZES = [
  [1024, 768],
  [1440, 900],
] as const;

async function signIn(page: Page) {
  await page.goto(`${base}/#/insurance`);
  await page.getByLabel('Email').fill('admin@chairside.test');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reimbursements' }).waitFor({ timeout: 30_000 });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
mkdirSync(SHOTS, { recursive: true });
const errors: string[] = [];
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('chairside.portal.theme', t), theme);
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(`${theme}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`${theme}: ${e.message}`));
    await signIn(page);
    for (const [width, height] of SIZES) {
      const name = (what: string) => `${SHOTS}/reimbursements-${what}-${width}-${theme}.png`;
      await page.setViewportSize({ width, height });
      await page.goto(`${base}/#/insurance`);
      const table = page.getByRole('table', { name: 'Reimbursements' });
      await table.getByRole('row').nth(1).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: name('list') });
      await table.getByRole('row').nth(1).getByRole('button').click();
      const details = page.getByRole('dialog', { name: 'Reimbursement Details' });
      await details.getByRole('table', { name: 'Patients' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: name('details') });
      await details.getByRole('button', { name: 'Close' }).first().click();
      await page.goto(`${base}/#/insurancepayment?showExisting=0&date=2026-12-02`);
      const form = page.getByRole('form', { name: 'New Reimbursement' });
      const carrier = form.getByRole('combobox', { name: /Carrier/ });
      await carrier.locator('option').nth(1).waitFor({ state: 'attached' });
      await carrier.selectOption({ index: 1 });
      const claims = form.getByRole('checkbox');
      await claims.first().waitFor();
      await claims.first().check();
      if ((await claims.count()) > 1) await claims.nth(1).check();
      await form.getByRole('textbox', { name: 'Check number' }).fill('5521');
      await form.getByRole('textbox', { name: 'Amount' }).fill('100.00');
      await page.waitForTimeout(300);
      // The portal's main column scrolls under a fixed bar: the window's view, at the top and at the
      // claims, rather than a full-page stitch.
      await page.screenshot({ path: name('form') });
      await form.getByRole('heading', { name: 'Claims' }).evaluate((h) => h.scrollIntoView());
      await page.screenshot({ path: name('form-claims') });
      await form.getByRole('button', { name: 'Save' }).evaluate((b) => b.scrollIntoView({ block: 'end' }));
      await page.screenshot({ path: name('form-payment') });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`screenshots in ${SHOTS}/reimbursements-*.png`);
if (errors.length > 0) {
  console.error(`console errors:\n${errors.join('\n')}`);
  process.exit(1);
}
console.log('console: no errors');
