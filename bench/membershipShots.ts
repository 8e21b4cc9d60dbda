/**
 * Screenshots of the 'Membership for {name}' modal in each status (Active monthly, Active yearly
 * expiring, Past due, Awaiting Completion, Canceled, Expired), light and dark, at 1440 px, and of
 * its Renewal Options and 'Make Payment For' dialogs: .cache/shots/membership-*.png. The page is a
 * plain host page with embed.js and a token, on a running e2e server (E2E_PORT, after a build).
 * The membership read is answered with the contract-shaped fixtures of
 * widgets/ui/testing/membershipFixtures.ts until the sandbox's memberships are merged; everything
 * else (the practice, the profile, the cards) is the sandbox's. Fails on any console error.
 *
 *   E2E_PORT=8793 npx tsx tests/support/e2e-server.ts &   # after npx tsx scripts/build.ts
 *   E2E_PORT=8793 npx tsx bench/membershipShots.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import type { CustomerMembershipBilling } from '../embed-sdk/contract/membership.js';
import { signIn } from '../tests/support/oidc.js';
import {
  activeMonthly,
  activeYearlyExpiring,
  awaiting,
  canceled,
  expired,
  pastDue,
} from '../widgets/ui/testing/membershipFixtures.js';

const base = `http://localhost:${process.env.E2E_PORT ?? 8380}`;
const SHOTS = '.cache/shots';
const envelope = (value: unknown) => ({ isSuccess: true, value, errors: [], showMessage: false });

const STATUSES: [string, CustomerMembershipBilling][] = [
  ['active-monthly', activeMonthly()],
  ['active-yearly-expiring', activeYearlyExpiring()],
  ['past-due', pastDue()],
  ['awaiting', awaiting()],
  ['canceled', canceled()],
  ['expired', expired()],
];

/**
 * A plain host page with embed.js and the element, written into the built front end so that the
 * server serves it: a page fulfilled by Playwright has no address, and Chromium's local network
 * checks then refuse its WebSocket to the hub (a console error that is the harness's, not ours).
 */
// Under examples/, where the server serves host pages as a partner's would be (no app CSP).
const HOST_DIR = 'dist/public/examples/__membership-host';
mkdirSync(HOST_DIR, { recursive: true });
const HOST = `${HOST_DIR}/index.html`;
const HOST_SCRIPT = `${HOST_DIR}/host.js`;
writeFileSync(
  HOST_SCRIPT,
  `const p = new URLSearchParams(location.hash.slice(1));
window.Chairside = { q: [['init', { apiBaseUrl: location.origin, theme: p.get('theme'),
  auth: { mode: 'token', getToken: () => p.get('token') } }]] };
addEventListener('DOMContentLoaded', () => {
  document.body.style.background = p.get('theme') === 'dark' ? '#1f1f1f' : '#fafafa';
  const el = document.createElement('chairside-membership-billing');
  el.setAttribute('membership-id', p.get('id'));
  el.setAttribute('theme', p.get('theme'));
  document.body.append(el);
});`,
);
writeFileSync(
  HOST,
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Membership host</title>
<script src="host.js"></script><script src="/embed.js" async></script></head>
<body style="margin:0;font-family:sans-serif"></body></html>`,
);

async function openModal(page: Page, token: string, membership: CustomerMembershipBilling, theme: string) {
  await page.route('**/api/customerMembershipBilling/getCustomerMembershipBilling**', (route) =>
    route.fulfill({ json: envelope(membership) }),
  );
  const hash = new URLSearchParams({ token, theme, id: String(membership.id) });
  await page.goto(`${base}/examples/__membership-host/#${hash}`);
  const modal = page.getByRole('dialog', { name: 'Membership for Maria Garcia' });
  await modal
    .getByText(/^Membership ID: /)
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: `${SHOTS}/membership-failed.png` });
      throw error;
    });
  return modal;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
mkdirSync(SHOTS, { recursive: true });
// The administrator has every role (EDITMEMBERSHIPS, PROCESSREFUND…); the front desk only
// VIEWMEMBERSHIPS in the seed: the viewer's shots.
const token = (await signIn(base, 'admin@chairside.test')).access_token;
const viewerToken = (await signIn(base, 'frontdesk@chairside.test')).access_token;
const errors: string[] = [];
try {
  for (const theme of ['light', 'dark']) {
    for (const [name, membership] of STATUSES) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
      page.on('console', (m) => m.type() === 'error' && errors.push(`${name} ${theme}: ${m.text()}`));
      if (process.env.SHOTS_DEBUG) page.on('console', (m) => console.log(m.type(), m.text().slice(0, 300)));
      page.on('pageerror', (e) => errors.push(`${name} ${theme}: ${e.message}`));
      const modal = await openModal(page, token, membership, theme);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/membership-${name}-${theme}.png`, fullPage: true });
      if (theme === 'light' && name === 'active-monthly') {
        await modal.getByRole('tab', { name: 'Payment History' }).click();
        await page.screenshot({ path: `${SHOTS}/membership-history-${theme}.png`, fullPage: true });
        await modal.getByRole('button', { name: 'Change/Cancel' }).first().click();
        const renewal = page.getByRole('dialog', { name: 'Renewal Options' });
        await renewal.getByRole('radio', { name: /expire at the end/ }).click();
        await page.screenshot({ path: `${SHOTS}/membership-renewal-options-${theme}.png` });
      }
      if (theme === 'light' && name === 'past-due') {
        await modal.getByRole('button', { name: 'Process Past Due' }).click();
        await page.getByRole('dialog', { name: 'Make Payment For Maria Garcia' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/membership-make-payment-${theme}.png` });
      }
      await page.close();
    }
  }
  for (const [name, membership] of [STATUSES[2]!, STATUSES[3]!]) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    page.on('console', (m) => m.type() === 'error' && errors.push(`viewer ${name}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`viewer ${name}: ${e.message}`));
    await openModal(page, viewerToken, membership, 'light');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/membership-viewer-${name}-light.png`, fullPage: true });
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(HOST_DIR, { recursive: true, force: true });
}
console.log(`screenshots in ${SHOTS}/membership-*.png`);
if (errors.length > 0) {
  console.error(`console errors:\n${errors.join('\n')}`);
  process.exit(1);
}
console.log('console: no errors');
