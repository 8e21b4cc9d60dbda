/**
 * The Payment Plans page and New Payment Plan end to end, in Chromium, against the e2e sandbox: a
 * front-desk user opens Payment Plans from the sidebar, filters by status (as the dashboard's
 * past-due link does), searches and pages; creates a card plan with a down payment from the list,
 * storing the patient's first card through the card provider's frame in the flow and seeing the
 * previewed schedule (with its surcharge) before saving; creates a cash plan from the patient page;
 * a viewer sees the plans without New Payment Plan. Screenshots of the page and the dialog, light
 * and dark, go to /tmp/payment-plans-*.png for a person to look at.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.js';
import { signIn as signInOverHttp } from '../support/oidc.js';
import { hashOf, sidebar, signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';

/** A picture for a person to look at. */
async function shoot(target: Page | Locator, name: string) {
  const page = 'mouse' in target ? target : target.page();
  await page.mouse.move(0, 0);
  const shot = await target.screenshot({ animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(`/tmp/payment-plans-${name}.png`, shot);
  await test.info().attach(`payment-plans-${name}.png`, { body: shot, contentType: 'image/png' });
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('chairside.portal.theme', t), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** The front desk's token, to set up plans through the API as another desk would have made them. */
async function api<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { isSuccess: boolean; value: T; errors: string[] };
  expect(res.status, JSON.stringify(envelope)).toBe(200);
  expect(envelope.isSuccess, envelope.errors.join(' ')).toBe(true);
  return envelope.value;
}

const inAMonth = () => {
  const d = new Date();
  d.setMonth(d.getMonth() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const table = (page: Page) => page.getByRole('table', { name: 'Payment plans' });
const rows = (page: Page) => table(page).locator('tbody tr');
/** The list shows what its filter found (not the last page's rows while the next loads). */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

test.beforeAll(async () => {
  // Three more cash plans for the Okafors: with the practice's eight, the list runs to two pages.
  const { access_token: token } = await signInOverHttp(baseURL, 'frontdesk@chairside.test');
  const found = await api<{ id: number; lastName: string }[]>(
    token,
    'GET',
    '/api/customer/searchCustomer?name=okafor',
  );
  const okafor = found.find((c) => c.lastName === 'Okafor');
  expect(okafor).toBeTruthy();
  for (const total of [30_000, 45_000, 60_000]) {
    await api(token, 'POST', '/api/paymentPlan/create', {
      customerId: okafor!.id,
      total,
      downPayment: 0,
      cycleCount: 3,
      frequency: 'MONTHLY',
      firstBillingDate: inAMonth(),
      isCash: true,
      approvedMethod: 'VERBAL',
    });
  }
});

test('the front desk finds plans by status and patient, page by page', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/dashboard');
  await sidebar(page).getByRole('link', { name: 'Payment Plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Plans' })).toBeVisible();
  expect(hashOf(page)).toBe('#/paymentplans');
  await expect(rows(page)).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText(/^\d+ payment plans · Page 1 of 2/);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await shoot(page, 'page-light');

  // The second page holds the oldest plans.
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 2');
  expect(hashOf(page)).toBe('#/paymentplans?page=2');
  await expect.poll(() => rows(page).count()).toBeLessThan(10);
  await expect(rows(page).first()).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Past due: the dashboard's link, and every row owes something.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('pastdue');
  expect(hashOf(page)).toBe('#/paymentplans?status=pastdue');
  await settled(page);
  await expect(rows(page).filter({ hasText: 'John Smith' })).toHaveCount(1);
  for (const pastDue of await rows(page).locator('td:nth-child(6)').allTextContents()) {
    expect(pastDue).not.toBe('$0.00');
  }
  await expect(rows(page).filter({ hasText: 'John Smith' }).locator('td').nth(6)).toContainText(
    /Cycle \d+ of 8/,
  );
  await page.goto('/#/dashboard');
  await page.goto('/#/paymentplans?status=pastdue');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('pastdue');
  await expect(rows(page).filter({ hasText: 'John Smith' })).toHaveCount(1);

  // Search within the filter, then a filter that finds nothing.
  await page.getByRole('searchbox').fill('smith');
  await expect(page).toHaveURL(/#\/paymentplans\?q=smith&status=pastdue$/);
  await settled(page);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('canceled');
  await expect(page.getByText('No canceled payment plans match “smith”.')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
  await page.getByRole('searchbox').fill('');
  await expect(rows(page)).toHaveCount(10);
  await setTheme(page, 'dark');
  await expect(rows(page)).toHaveCount(10);
  await shoot(page, 'page-dark');
  await setTheme(page, 'light');
});

test('a card plan with a down payment, its first card stored in the flow, previewed before saving', async ({
  page,
}) => {
  await signInToPortal(page, 'frontdesk', '/#/paymentplans');
  await page.getByRole('button', { name: 'New Payment Plan' }).click();
  const form = page.getByRole('dialog', { name: 'New Payment Plan' });
  await form.getByRole('button', { name: 'Create Payment Plan' }).click();
  await expect(form.getByText('Choose a patient.')).toBeVisible();
  await shoot(form, 'dialog-empty-light');
  await form.getByRole('combobox', { name: /Patient/ }).pressSequentially('Priya Nat');
  await page.getByRole('option', { name: /Priya Natarajan/ }).click();

  // She has no card yet: the selector asks for one, and adds it through the provider's frame.
  const cardField = form.getByRole('button', { name: /Card on file/ });
  await expect(cardField).toContainText('No card on file');
  await expect(form).toContainText('Add a Card');
  await cardField.click();
  const cards = page.getByRole('dialog', { name: /^Add New Card/ });
  await typeCard(cards.frameLocator('iframe[title="Card details"]'), VISA);
  await cards.getByRole('button', { name: 'Add Card' }).click();
  // The field asked for a card: the one just stored is chosen, and the dialog closes.
  await expect(page.getByRole('dialog', { name: /^(Add New Card|Stored Cards)/ })).toHaveCount(0);
  await expect(cardField).toContainText('•••• 1111');

  await form.getByRole('textbox', { name: /Plan Total/ }).fill('1,200.00');
  await form.getByRole('textbox', { name: /Down Payment/ }).fill('200');
  await form.getByRole('spinbutton', { name: /Number of Cycles/ }).fill('4');
  await expect(form.getByRole('combobox', { name: /Frequency/ })).toHaveValue('MONTHLY');

  // The schedule, before saving: the down payment today, four cycles, the surcharge of a credit card.
  const schedule = form.getByRole('table', { name: 'Schedule preview' });
  await expect(schedule.locator('tbody tr')).toHaveCount(6);
  await expect(schedule.getByRole('columnheader')).toHaveText([
    'Cycle',
    'Date',
    'Amount',
    'Surcharge',
    'Total',
  ]);
  await expect(schedule.locator('tbody tr').first()).toContainText('Down payment');
  await expect(schedule.locator('tbody tr').first()).toContainText('$200.00');
  await expect(schedule.locator('tbody tr').nth(1)).toContainText('$250.00');
  await expect(schedule.locator('tbody tr').last()).toContainText('$1,200.00');
  await expect(form).toContainText('surcharge on each payment');

  await form.getByRole('radio', { name: 'Signature' }).check();
  await form.getByRole('button', { name: 'Create Payment Plan' }).click();
  await expect(form.getByText('The signature is required.')).toBeVisible();
  await form.getByRole('textbox', { name: /^Signature/ }).fill('Priya Natarajan');
  await shoot(form, 'dialog-light');
  await schedule.scrollIntoViewIfNeeded();
  await shoot(form, 'dialog-schedule-light');
  await setThemeInPlace(page, 'dark');
  await shoot(form, 'dialog-dark');
  await form.getByRole('combobox', { name: /Patient/ }).scrollIntoViewIfNeeded();
  await setThemeInPlace(page, 'light');
  await form.getByRole('button', { name: 'Create Payment Plan' }).click();

  // The new plan opens; the list has it, its down payment paid.
  const modal = page.getByRole('dialog', { name: 'Payment Plan for Priya Natarajan' });
  await expect(modal).toBeVisible();
  await expect(form).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  const row = rows(page).filter({ hasText: 'Priya Natarajan' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(3)).toHaveText('$1,200.00');
  await expect(row.locator('td').nth(4)).toHaveText('$1,000.00');
  await expect(row.locator('td').nth(6)).toContainText('Monthly · Card');
  await row.getByRole('button', { name: 'Priya Natarajan' }).click();
  await expect(modal).toBeVisible();
  expect(hashOf(page)).toMatch(/paymentPlanId=\d+/);
});

/** The theme without a reload (the dialog stays open): the Theme page's radios do the same. */
async function setThemeInPlace(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('chairside.portal.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'chairside.portal.theme', newValue: t }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

test('a cash plan from the patient page', async ({ page }) => {
  await signInToPortal(page, 'frontdesk', '/#/dashboard');
  await page.getByRole('combobox', { name: 'Search patients' }).fill('Maria Garcia');
  await expect(page.getByTestId('patient-search-popup')).toHaveAttribute('data-state', 'results.complete');
  await page.getByRole('option', { name: /Maria Garcia/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Garcia' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Payment Plans' });
  const plans = section.getByRole('table', { name: 'Payment plans of Maria Garcia' });
  await expect(plans).toBeVisible();
  const before = await plans.locator('tbody tr').count();

  await section.getByRole('button', { name: 'New Payment Plan' }).click();
  const form = page.getByRole('dialog', { name: 'New Payment Plan' });
  await expect(form).toContainText('New Payment Plan for Maria Garcia');
  await expect(form.getByRole('combobox', { name: /Patient/ })).toHaveCount(0);
  await form.getByRole('textbox', { name: /Plan Total/ }).fill('300');
  await form.getByRole('spinbutton', { name: /Number of Cycles/ }).fill('3');
  await form.getByRole('radio', { name: 'Cash or check' }).check();
  await expect(form.getByRole('button', { name: /Card on file/ })).toHaveCount(0);
  const schedule = form.getByRole('table', { name: 'Schedule preview' });
  await expect(schedule.getByRole('columnheader')).toHaveText(['Cycle', 'Date', 'Amount']);
  await expect(schedule.locator('tbody tr')).toHaveCount(4);
  await expect(schedule.locator('tbody tr').first()).toContainText('$100.00');
  await form.getByRole('radio', { name: 'Verbal' }).check();
  await form.getByRole('button', { name: 'Create Payment Plan' }).click();

  const modal = page.getByRole('dialog', { name: 'Payment Plan for Maria Garcia' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(plans.locator('tbody tr')).toHaveCount(before + 1);
  const created = plans.locator('tbody tr').first();
  await expect(created.locator('td').nth(3)).toHaveText('$300.00');
  await expect(created.locator('td').nth(6)).toContainText('Monthly · Cash or check');
  await shoot(page, 'patient-page');
});

test('a viewer sees the plans without New Payment Plan', async ({ page }) => {
  await signInToPortal(page, 'viewer', '/#/paymentplans');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Plans' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Payment Plan' })).toHaveCount(0);
});
