/**
 * The Reports page's frame in Chromium (issue 37): a report prints to one page, with the practice,
 * the report, its period and the time printed and none of the shell's bars or the page's buttons;
 * a person without the dashboard role has no sidebar item, no page, and the server refuses the
 * reports' calls. Each report's own figures, links and CSV are checked in its own spec
 * (reports-*.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { FRONTDESK_ROLES } from '../../server/db/seed/practices.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { accessToken, sidebar, sidebarLinks, signInToPortal } from './support/portal.js';

const FRONT_DESK_ID = 2;
const BRIGHT_SMILES = 1;

async function call(page: Page, token: string, path: string, body: unknown) {
  return page.request.post(path, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: body,
  });
}

test('a report prints on one page: the practice, the report, the period and the time printed, and no bars or buttons', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await signInToPortal(page, 'admin', '/#/reports/collections?dates=custom&from=2026-10-01&to=2026-10-31');
  const report = page.getByRole('region', { name: 'Collections', exact: true });
  await expect(report.getByRole('table').first()).toBeVisible();
  await expect(report).toHaveAttribute('aria-busy', 'false');

  await page.emulateMedia({ media: 'print' });
  await expect(sidebar(page)).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('search', { name: 'Report filters' })).toBeHidden();
  const header = page.getByRole('heading', { level: 2, name: 'Collections' });
  await expect(header).toBeVisible();
  const printed = page.locator('header', { has: header });
  await expect(printed).toContainText('Bright Smiles Dental');
  await expect(printed).toContainText('10/01/2026 – 10/31/2026');
  await expect(printed).toContainText(/Printed \d{2}\/\d{2}\/\d{4}/);

  const pdf = await page.pdf({ format: 'Letter' });
  // Each page of the document is one "/Type /Page" object (the tree's root is "/Type /Pages").
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('without the dashboard role: no Reports in the sidebar, no page, and the server refuses the reports', async ({
  page,
  browser,
}) => {
  await signInToPortal(page, 'admin', '/#/dashboard');
  const admin = await accessToken(page);
  const setFrontDeskRoles = async (roles: readonly string[]) => {
    const res = await call(page, admin, '/api/admin/user/access', {
      id: FRONT_DESK_ID,
      isAdmin: false,
      memberships: [{ companyId: BRIGHT_SMILES, roles }],
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await setFrontDeskRoles(FRONTDESK_ROLES.filter((r) => r !== 'VIEWDASHBOARD'));
  const context = await browser.newContext();
  try {
    const desk = await context.newPage();
    await signInToPortal(desk, 'frontdesk', '/#/reports/collections');
    await expect(sidebarLinks(desk).first()).toBeVisible();
    await expect(sidebarLinks(desk).filter({ hasText: 'Reports' })).toHaveCount(0);
    await expect(desk.getByText(/Reports need the dashboard role\./)).toBeVisible();
    await expect(desk.getByRole('tab')).toHaveCount(0);
    const token = await accessToken(desk);
    const range = { from: '2026-10-01', to: '2026-10-31' };
    expect((await call(desk, token, '/api/reports/collections', range)).status()).toBe(403);
    expect(
      (await call(desk, token, '/api/reports/export', { report: 'collections', filters: range })).status(),
    ).toBe(403);
  } finally {
    await context.close();
    await setFrontDeskRoles(FRONTDESK_ROLES);
  }
});
