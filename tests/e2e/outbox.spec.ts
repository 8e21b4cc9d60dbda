/**
 * The sandbox outbox is private: /sandbox/outbox leads to the portal's Outbox page, which asks for a
 * sign-in and shows the person's own practice's messages (an administrator's: every practice's),
 * every value as text and only http(s) links as anchors.
 */
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signInToPortal } from './support/portal.js';

test('a person signs in to read their practice’s outbox, shown as text with the link as an anchor', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });

  // The address npm start prints asks for a sign-in, then opens the Outbox page.
  await signInToPortal(page, 'frontdesk', '/sandbox/outbox');
  await expect(page).toHaveURL(/#\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('Bright Smiles Dental’s messages.')).toBeVisible();

  // A payment request whose note is markup: the outbox shows it as text.
  const link = await sendRequest(page, 'Maria Garcia', '<img src=x onerror="window.__outboxXss=1"> & more');

  await page.getByRole('button', { name: 'Refresh' }).click();
  const table = page.getByRole('table', { name: 'Messages sent' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: link }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('<img src=x onerror="window.__outboxXss=1"> & more');
  await expect(row).toContainText('E-mail');
  await expect(row).toContainText('@example.');
  await expect(row.getByRole('link', { name: link })).toHaveAttribute('href', link);
  await expect(table.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __outboxXss?: number }).__outboxXss)).toBeUndefined();
  // Only this practice's messages.
  const practices = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(new Set(practices)).toEqual(new Set(['Bright Smiles Dental']));
  await page.screenshot({ path: '.cache/shots/outbox-frontdesk.png' });
  expect(errors).toEqual([]);
});

/** Sends the patient found by `name` an e-mailed payment request, as the person signed in on `page`. */
async function sendRequest(page: Page, name: string, message: string): Promise<string> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const found = await page.request.get(`/api/customer/searchCustomer?name=${encodeURIComponent(name)}`, {
    headers,
  });
  const patient = ((await found.json()) as { value: { id: number; email: string }[] }).value[0]!;
  const created = await page.request.post('/api/notification/create', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      customerId: patient.id,
      amount: 2_000,
      notifyText: false,
      notifyEmail: true,
      email: patient.email,
      message,
    },
  });
  expect(created.status()).toBe(200);
  return ((await created.json()) as { value: { link: string } }).value.link;
}

async function switchPractice(page: Page, companyId: number) {
  const answer = await page.request.post('/api/auth/login-company', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { companyId },
  });
  expect(answer.status()).toBe(200);
}

test('an administrator reads every practice’s messages', async ({ page }) => {
  await signInToPortal(page, 'admin', '/#/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('Every practice’s messages: you are an administrator.')).toBeVisible();
  const brightSmiles = await sendRequest(page, 'Maria Garcia', 'From Bright Smiles.');
  await switchPractice(page, 2);
  try {
    const cedar = await sendRequest(page, 'Evelyn Castellanos', 'From Cedar Family.');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const table = page.getByRole('table', { name: 'Messages sent' });
    await expect(table.getByRole('row').filter({ hasText: cedar })).toContainText('Cedar Family Dentistry');
    await expect(table.getByRole('row').filter({ hasText: brightSmiles })).toContainText(
      'Bright Smiles Dental',
    );
  } finally {
    await switchPractice(page, 1);
  }
});

test('the outbox’s JSON answers 401 without a token', async ({ request }) => {
  const answer = await request.get('/sandbox/outbox.json');
  expect(answer.status()).toBe(401);
  expect(await answer.json()).toMatchObject({ isSuccess: false, value: null });
});
