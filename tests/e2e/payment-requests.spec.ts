/**
 * Payment requests end to end, in Chromium, against the e2e sandbox: a front-desk user sends a
 * payment request from the Payment Requests page; the text and e-mail land in the sandbox outbox;
 * the patient opens the link without signing in, sees the surcharge as its own line before paying,
 * pays with a test card; the request's detail modal in the portal turns Paid without a reload.
 */
import { expect, test } from '@playwright/test';
import { signInToPortal } from './support/portal.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
  link: string | null;
  created: string;
}

test('a payment request goes from sent to paid, live in the portal', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInToPortal(page, 'frontdesk', '/#/notifications?status=unpaid');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Requests' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('unpaid');

  // New Payment Request: the patient, the amount, channels prefilled from the patient.
  const before = Date.now();
  await page.getByRole('button', { name: 'New Payment Request' }).click();
  const form = page.getByRole('dialog', { name: 'New Payment Request' });
  await form.getByRole('combobox', { name: /Patient/ }).pressSequentially('Maria Gar');
  await page
    .getByRole('option', { name: /Maria Garcia/ })
    .first()
    .click();
  await expect(form.getByRole('textbox', { name: /Email address/ })).not.toHaveValue('');
  await form.getByRole('textbox', { name: /Amount/ }).fill('45.00');
  await form.getByRole('button', { name: 'Send Request' }).click();

  // The new request opens in its detail modal.
  const modal = page.getByRole('dialog', { name: 'Payment Request for Maria Garcia' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('region', { name: 'Amount Requested' })).toContainText('$45.00');
  await expect(modal.getByRole('button', { name: 'Send Reminder' })).toBeVisible();

  // The outbox holds the link.
  let link: string | null = null;
  await expect(async () => {
    const answer = await page.request.get('/sandbox/outbox.json?limit=20');
    const outbox = (await answer.json()) as { value: { messages: OutboxMessage[] } };
    const sent = outbox.value.messages.filter((m) => Date.parse(m.created) >= before - 60_000 && m.link);
    link = sent.find((m) => /#\/p\//.test(m.link ?? ''))?.link ?? null;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  // The patient pays, without signing in.
  const patient = await (await browser.newContext()).newPage();
  await patient.goto(link!);
  await expect(patient.getByRole('heading', { name: 'Hi Maria,' })).toBeVisible();
  await typeCard(patient.frameLocator('iframe[title="Card details"]'), VISA);
  await patient.getByRole('button', { name: 'Review Payment' }).click();
  const summary = patient.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText('Amount$45.00');
  await summary.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(patient.getByText('Approved')).toBeVisible();

  // The portal's modal turns Paid without a reload, and the link now takes no payment.
  await expect(modal.getByRole('region', { name: 'Amount Paid' })).toBeVisible({ timeout: 15_000 });
  await expect(modal.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
  await expect(modal.getByRole('table', { name: 'Payment Activity' })).toContainText('Approved');
  await patient.reload();
  await expect(patient.getByText('This payment request has been paid.')).toBeVisible();
});
