/**
 * The card-entry frame in a real browser: a page on the sandbox's origin loads the provider's
 * script, mounts the frame (another origin), and a person types a test card into it.
 *
 * Tokenizing a nonce needs the provider's shared secret, which only the sandbox process's gateway
 * holds, so this spec runs its own sandbox in-process (free ports) and tokenizes
 * through `ctx.cards`, as the API tests do.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';

interface RecordedEvent {
  type: string;
  data: Record<string, unknown>;
}

let server: TestServer;
let providerOrigin: string;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  providerOrigin = new URL(server.ctx.cardProviderScriptUrl).origin;
});
test.afterAll(async () => {
  await server?.close();
});

async function openExample(page: Page, query = ''): Promise<FrameLocator> {
  const response = await page.goto(`${server.url}/examples/card-entry/${query}`);
  expect(response?.status(), 'the example page is served from dist/public (npm run build)').toBe(200);
  await expect(page.getByRole('button', { name: 'Get nonce' })).toBeEnabled();
  return page.frameLocator('iframe[title="Card details"]');
}

async function eventsOf(page: Page, type: string): Promise<RecordedEvent[]> {
  return page.evaluate(
    (t) =>
      (window as unknown as { cardEntry: { events: RecordedEvent[] } }).cardEntry.events.filter(
        (e) => e.type === t,
      ),
    type,
  );
}

async function waitForEvent(page: Page, type: string): Promise<RecordedEvent> {
  await expect.poll(async () => (await eventsOf(page, type)).length).toBeGreaterThan(0);
  return (await eventsOf(page, type))[0]!;
}

test('a card typed into the frame comes back as a nonce that tokenizes', async ({ page }) => {
  const frame = await openExample(page);

  // The fields live on the provider's origin: the host page cannot reach into them.
  const iframe = page.locator('iframe[title="Card details"]');
  expect(new URL((await iframe.getAttribute('src'))!).origin).toBe(providerOrigin);
  expect(providerOrigin).not.toBe(new URL(server.url).origin);
  expect(await iframe.evaluate((el) => (el as HTMLIFrameElement).contentDocument)).toBeNull();

  await frame.getByLabel('Card number').pressSequentially('4111111111111111');
  await expect(frame.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect(frame.getByText('Visa', { exact: true })).toBeVisible();
  await frame.getByLabel('Expiration').pressSequentially('1230');
  await expect(frame.getByLabel('Expiration')).toHaveValue('12/30');
  await frame.getByLabel('Security code').pressSequentially('123');
  await frame.getByLabel('ZIP code').pressSequentially('90210');

  await page.getByRole('button', { name: 'Get nonce' }).click();
  const { data } = await waitForEvent(page, 'nonce');
  expect(data.nonce).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('status')).toHaveText(`Nonce received: ${String(data.nonce)}`);

  const card = await server.ctx.cards.tokenize({ businessId: 'biz_brightsmiles', nonce: String(data.nonce) });
  expect(card).toMatchObject({ cardType: 'VISA', description: '•••• 1111', expMonth: 12, expYear: 2030 });
  // Once only.
  await expect(
    server.ctx.cards.tokenize({ businessId: 'biz_brightsmiles', nonce: String(data.nonce) }),
  ).rejects.toThrow();
});

test('the frame fits the 155 px the stored-cards dialog gives it, with its ZIP code field', async ({
  page,
}) => {
  const frame = await openExample(page);
  await expect(frame.getByLabel('ZIP code')).toBeVisible();
  const { data } = await waitForEvent(page, 'iframe_height_change');
  expect(Number(data.height)).toBeLessThanOrEqual(155);
  const box = await page.locator('iframe[title="Card details"]').boundingBox();
  expect(box?.height).toBe(155);
});

test('invalid fields produce the error event, and the frame says what to fix', async ({ page }) => {
  const frame = await openExample(page);
  await frame.getByLabel('Card number').pressSequentially('4111111111111112');
  await frame.getByLabel('Expiration').pressSequentially('0120');

  await page.getByRole('button', { name: 'Get nonce' }).click();
  const { data } = await waitForEvent(page, 'error');
  expect(data).toEqual({
    error: 'Enter a valid card number.',
    fields: [
      { field: 'cardNumber', problem: 'invalid', message: 'Enter a valid card number.' },
      { field: 'expiry', problem: 'expired', message: 'This card has expired.' },
      { field: 'cvc', problem: 'required', message: 'Enter the security code.' },
      { field: 'zip', problem: 'required', message: 'Enter the ZIP code.' },
    ],
  });
  await expect(page.getByRole('status')).toHaveText('Please make sure all fields are entered correctly');
  await expect(frame.getByText('Enter a valid card number.', { exact: true }).first()).toBeVisible();
  await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(frame.getByLabel('Card number')).toBeFocused();
  expect(await eventsOf(page, 'nonce')).toEqual([]);

  // Fixing the number clears its mark as soon as it is right.
  await frame.getByLabel('Card number').fill('');
  await frame.getByLabel('Card number').pressSequentially('4111111111111111');
  await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'false');
});

test('an American Express card takes its own grouping and a 4-digit security code', async ({ page }) => {
  const frame = await openExample(page);
  await frame.getByLabel('Card number').pressSequentially('378282246310005');
  await expect(frame.getByLabel('Card number')).toHaveValue('3782 822463 10005');
  await frame.getByLabel('Expiration').pressSequentially('1230');
  await frame.getByLabel('Security code').pressSequentially('12345');
  await expect(frame.getByLabel('Security code')).toHaveValue('1234');
  await frame.getByLabel('ZIP code').pressSequentially('90210');
  await page.getByRole('button', { name: 'Get nonce' }).click();
  const { data } = await waitForEvent(page, 'nonce');
  await expect(
    server.ctx.cards.tokenize({ businessId: 'biz_brightsmiles', nonce: String(data.nonce) }),
  ).resolves.toMatchObject({ cardType: 'AMERICAN_EXPRESS', description: '•••• 0005' });
});

test('a frame the provider refuses to start reports an error instead of leaving the host waiting', async ({
  page,
}) => {
  const response = await page.goto(
    `${server.url}/examples/card-entry/?businessId=${encodeURIComponent('not an id')}`,
  );
  expect(response?.status()).toBe(200);
  const { data } = await waitForEvent(page, 'error');
  expect(String(data.error)).toContain('The card form did not start.');
  await expect(page.getByRole('button', { name: 'Get nonce' })).toBeDisabled();
});

for (const mode of ['root', 'element']) {
  test(`mounts inside a shadow root (${mode === 'root' ? 'looked up in the shadow root' : 'options.mountElement'})`, async ({
    page,
  }) => {
    const frame = await openExample(page, `?shadow=${mode}`);
    expect(await page.locator('#shadow-host iframe').count()).toBe(1);
    await frame.getByLabel('Card number').pressSequentially('5555555555554444');
    await frame.getByLabel('Expiration').pressSequentially('1230');
    await frame.getByLabel('Security code').pressSequentially('123');
    await frame.getByLabel('ZIP code').pressSequentially('90210');
    await page.getByRole('button', { name: 'Get nonce' }).click();
    const { data } = await waitForEvent(page, 'nonce');
    await expect(
      server.ctx.cards.tokenize({ businessId: 'biz_brightsmiles', nonce: String(data.nonce) }),
    ).resolves.toMatchObject({ cardType: 'MASTERCARD' });
  });
}
