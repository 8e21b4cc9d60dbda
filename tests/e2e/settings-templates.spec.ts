/**
 * Settings › Patient messages, end to end in Chromium (issue 36): the admin edits the payment request
 * templates, sees the preview follow as they type (and a long text's SMS segments), is told of an
 * unknown placeholder, saves ('Saved'), sends a payment request, and finds the portal's Outbox page
 * showing the text and the e-mail in the practice's words. Then Restore Default. Screenshots of the
 * section at 1024 px and 1440 px, light and dark.
 *
 * It runs its own sandbox, so that the practice's saved templates never reach the other specs'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { signInToPortal } from './support/portal.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';

const SHOTS = path.resolve('.cache', 'shots');

let server: TestServer;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.close();
});

const panelOf = (page: Page) => page.getByRole('region', { name: 'Patient messages' });

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  const panel = panelOf(page);
  await panel.scrollIntoViewIfNeeded();
  fs.writeFileSync(
    path.join(SHOTS, `settings-templates-${name}.png`),
    await panel.screenshot({ animations: 'disabled', caret: 'hide' }),
  );
}

test('the admin words the payment request, previews it, saves it, and the outbox sends it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToPortal(page, 'admin', `${server.url}/#/companyProfile`);
  const panel = panelOf(page);
  await expect(panel.getByRole('tab', { name: 'Payment request', selected: true })).toBeVisible();
  const form = panel.getByRole('form', { name: 'Payment request templates' });
  const preview = panel.getByRole('region', { name: 'Preview' });
  const text = form.getByRole('textbox', { name: 'Text message' });
  await expect(text).toHaveValue(
    '{practiceName}: Hi {firstName}, you have a payment request for {amount}. Pay securely here: {link}',
  );
  await expect(preview.getByTestId('text-preview')).toHaveText(
    /^Bright Smiles Dental: Hi Maria, you have a payment request for \$125\.50\. Pay securely here: http.*\/p\/\w+$/,
  );
  await expect(preview).toContainText('Fits in one SMS.');
  await expect(form.getByRole('button', { name: 'Restore default' })).toBeDisabled();
  await shoot(page, '1440-light');

  // An unknown placeholder is named as it is typed, and Save sends nothing.
  await text.fill('Hi {lastName}, pay here: {link}');
  await expect(form.getByText('The text has an unknown placeholder: {lastName}.')).toBeVisible();

  // A long text shows how many segments it is sent as; a character outside GSM-7 makes it Unicode.
  await text.fill(`Hi {firstName}, ${'please pay your balance today. '.repeat(6)}{link}`);
  await expect(preview).toContainText('Sent as 2 SMS segments (153 characters each).');
  await text.fill(`Hi {firstName} 😀 ${'please pay. '.repeat(4)}{link}`);
  await expect(preview).toContainText(/Sent as 2 SMS segments \(67 characters each/);

  // The practice's own words, previewed live as they are typed.
  await text.fill('Hello {firstName}! {practiceName} asks {amount}: {link}');
  await expect(preview.getByTestId('text-preview')).toHaveText(
    /^Hello Maria! Bright Smiles Dental asks \$125\.50: http.*\/p\/\w+$/,
  );
  await form.getByRole('textbox', { name: 'E-mail subject' }).fill('Your balance at {practiceName}');
  await form
    .getByRole('textbox', { name: 'E-mail body' })
    .fill('Dear {firstName},\n\nYou owe {amount}.\n\nPay here: {link}');
  await expect(preview.getByTestId('email-preview')).toContainText('Your balance at Bright Smiles Dental');
  await expect(preview.getByTestId('email-preview')).toContainText('You owe $125.50.');
  await form.getByRole('button', { name: 'Save payment request' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(form.getByText(/^Your own wording, saved /)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Restore default' })).toBeEnabled();

  // A payment request sent from the Payment Requests page goes out in the practice's words.
  await page.goto(`${server.url}/#/notifications?status=unpaid`);
  await page.getByRole('button', { name: 'New Payment Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Payment Request' });
  await dialog.getByRole('combobox', { name: /Patient/ }).pressSequentially('Maria Gar');
  await page
    .getByRole('option', { name: /Maria Garcia/ })
    .first()
    .click();
  await expect(dialog.getByRole('textbox', { name: /Mobile phone/ })).not.toHaveValue('');
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('61.25');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Request for Maria Garcia' })).toBeVisible();

  await page.goto(`${server.url}/#/outbox`);
  const table = page.getByRole('table', { name: 'Messages sent' });
  await expect(
    table.getByRole('row').filter({ hasText: /^.*Hello Maria! Bright Smiles Dental asks \$61\.25: / }),
  ).toHaveCount(1);
  const email = table.getByRole('row').filter({ hasText: 'Your balance at Bright Smiles Dental' }).first();
  await expect(email).toContainText('You owe $61.25.');
  await page.screenshot({ path: path.join(SHOTS, 'settings-templates-outbox.png') });

  // At 1024 px, light and dark.
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(`${server.url}/#/companyProfile`);
  await expect(panelOf(page).getByRole('tab', { name: 'Payment request' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot(page, '1024-light');
  await page.goto(`${server.url}/#/theme`);
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.goto(`${server.url}/#/companyProfile`);
  await panelOf(page).getByRole('tab', { name: 'Receipt' }).click();
  await expect(panelOf(page).getByRole('textbox', { name: 'Text message' })).toHaveCount(0);
  await shoot(page, '1024-dark-receipt');
  await panelOf(page).getByRole('tab', { name: 'Payment request' }).click();
  await shoot(page, '1024-dark');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await shoot(page, '1440-dark');

  // Restore Default: the product's wording again.
  const again = panelOf(page).getByRole('form', { name: 'Payment request templates' });
  await again.getByRole('button', { name: 'Restore default' }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await expect(again.getByRole('textbox', { name: 'Text message' })).toHaveValue(
    '{practiceName}: Hi {firstName}, you have a payment request for {amount}. Pay securely here: {link}',
  );
  await expect(again.getByText('You are using the default wording.')).toBeVisible();
  expect(errors).toEqual([]);
});
