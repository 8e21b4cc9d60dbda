/**
 * Issues 34 to 37's "look at every screen": the admin area's screens, a practice's Settings and its Reports, signed in as the administrator, at
 * 1024×768 and 1440×900, in the light and the dark theme, into .cache/admin-shots/{size}-{theme}-{screen}.png,
 * with each page's console errors listed at the end.
 *
 *   npx tsx scripts/build.ts
 *   E2E_PORT=8500 node --import tsx tests/support/e2e-server.ts &
 *   E2E_PORT=8500 npx tsx bench/adminShots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, signedInContext } from './lib/browser.js';
import { root } from '../tests/support/childServer.js';

const base = `http://localhost:${process.env.E2E_PORT ?? 8380}`;
const SHOTS = path.join(root, '.cache', 'admin-shots');
const SIZES: [number, number][] = [
  [1024, 768],
  [1440, 900],
];
const THEMES = ['light', 'dark'] as const;
/** A screen, the address, what shows it is ready, and whether each of its sections is shot apart too. */
const SCREENS: [name: string, address: string, ready: string, sections?: 'sections'][] = [
  ['overview', '#/admin', 'ul a'],
  ['companies', '#/admin/companies', 'table'],
  ['companies-search', '#/admin/companies?q=dental', 'table'],
  ['company', '#/admin/company/1', 'table'],
  ['new-company', '#/admin/newCompany', 'form'],
  ['users', '#/admin/adminusers', 'table'],
  ['user', '#/admin/adminuser/2', 'table'],
  ['invite', '#/admin/adminuser', 'form'],
  ['gateways', '#/admin/gateways', 'table'],
  ['gateway', '#/admin/gateway?companyId=1', 'form'],
  ['sysadmin', '#/admin/sysadmin', 'form'],
  ['service-check', '#/admin/odServiceCheck', 'table'],
  ['connector-log', '#/admin/odlog/1', 'table'],
  ['queues', '#/admin/queues?queue=BILLING', 'table'],
  ['anomalies', '#/admin/anomalies', 'table'],
  ['notifications', '#/admin/notificationManagement', 'table'],
  ['tunnel-key', '#/admin/showTunnelKey?companyId=1', 'section'],
  ['bulk-upgrade', '#/admin/bulkupgrade', 'table'],
  ['special-ops', '#/admin/specialops', 'nav a'],
  ['move-plan', '#/admin/movePaymentPlan', 'input'],
  ['import', '#/admin/importTransactions', 'input[type=file]'],
  ['post-approval', '#/admin/postApproval', 'input'],
  ['apple-pay', '#/admin/bulkApplePayStatus', 'table'],
  ['logfiles', '#/admin/logfiles', 'table tbody tr'],
  // A practice's Settings (issue 36), as its administrator sees it.
  ['settings', '#/companyProfile', 'form', 'sections'],
  // Each report (issue 37) for last month, as the practice's administrator sees it.
  ['report-collections', '#/reports/collections?dates=lastMonth', 'section[aria-busy=false] table'],
  [
    'report-collections-method',
    '#/reports/collections?dates=lastYear&groupBy=month&splitBy=method',
    'section[aria-busy=false] table',
  ],
  ['report-plans', '#/reports/paymentPlans?dates=lastMonth', 'section[aria-busy=false] table'],
  ['report-memberships', '#/reports/memberships?dates=lastMonth', 'section[aria-busy=false] table'],
  ['report-requests', '#/reports/paymentRequests?dates=lastMonth', 'section[aria-busy=false] table'],
  ['report-insurance', '#/reports/insurance?dates=lastMonth', 'section[aria-busy=false] table'],
  ['report-sync', '#/reports/sync?dates=lastMonth', 'section[aria-busy=false] [role=list]'],
];
/** `SCREENS=queues,service-check` takes only those. */
const only = process.env.SCREENS?.split(',');

fs.mkdirSync(SHOTS, { recursive: true });
const browser = await launchChromium();
const problems: string[] = [];
try {
  for (const [width, height] of SIZES) {
    for (const theme of THEMES) {
      const context = await signedInContext(browser, base, { width, height }, theme);
      const page = await context.newPage();
      page.on('console', (m) => m.type() === 'error' && problems.push(`${width} ${theme}: ${m.text()}`));
      page.on('pageerror', (e) => problems.push(`${width} ${theme}: ${e.message}`));
      for (const [name, address, ready, sections] of SCREENS.filter(
        ([name]) => !only || only.includes(name),
      )) {
        await page.goto(`${base}/${address}`);
        await page.locator(ready).first().waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({
          path: path.join(SHOTS, `${width}x${height}-${theme}-${name}.png`),
          fullPage: true,
        });
        if (name.startsWith('report-')) {
          // The report as it prints (print media: the shell's bars and the buttons left out).
          await page.emulateMedia({ media: 'print' });
          await page.screenshot({
            path: path.join(SHOTS, `${width}x${height}-${theme}-${name}-print.png`),
            fullPage: true,
          });
          await page.emulateMedia({ media: 'screen' });
        }
        if (!sections) continue;
        // Each section (a titled region of the page) on its own, readable at full size.
        for (const section of await page.locator('main section[aria-label]').all()) {
          const label = (await section.getAttribute('aria-label'))!.toLowerCase().replace(/[^a-z0-9]+/g, '-');
          await section.screenshot({
            path: path.join(SHOTS, `${width}x${height}-${theme}-${name}-${label}.png`),
          });
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`screenshots in ${path.relative(root, SHOTS)}/`);
console.log(problems.length ? `console:\n${problems.join('\n')}` : 'console: no errors');
