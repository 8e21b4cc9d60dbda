/**
 * <chairside-stored-cards> end to end, in Chromium, on the intranet page (one script tag, OIDC
 * sign-in, a hostile stylesheet): a front-desk user stores cards through the card provider's frame
 * (a cross-origin iframe), makes one the default and removes the other, sends a card request that
 * lands in the sandbox's outbox, and meets 'Associated Card' for a card an active plan uses. No
 * request to the page's own origin ever carries a card number.
 *
 * It runs its own sandbox in-process (free ports), as card-provider.spec.ts does, so
 * that it starts from the seeded patients as they are and can tie a card to a payment plan in the
 * database (the plan screens come later).
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { paymentPlans } from '../../server/db/schema/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import { patientSearch } from './support/patientSearch.js';
import { signIn } from './support/signIn.js';
import { recordRequests, spellings, storedCards, typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';
const MASTERCARD = '5555 5555 5555 4444';
const NO_CARDS = "This patient doesn't currently have any stored cards. Please add a card below.";
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

/** A picture of the open dialog, kept for people to look at. */
async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  const shot = await storedCards(page).dialog.screenshot({ animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(path.join(SHOTS, `stored-cards-${name}.png`), shot);
  await test.info().attach(`stored-cards-${name}.png`, { body: shot, contentType: 'image/png' });
}

/** Signs in on the intranet page and selects a patient; the page then places the stored cards. */
async function openPatient(page: Page, term: string, name: string) {
  await page.goto(`${server.url}/examples/intranet/`);
  await signIn(page, 'frontdesk@chairside.test');
  const search = patientSearch(page);
  await search.search(term);
  await search.option(name).first().click();
  await expect(storedCards(page).button).toBeVisible();
}

/** The customer id the intranet page placed the widgets for. */
async function customerIdOf(page: Page): Promise<number> {
  return Number(await page.locator('#cards-button').getAttribute('customer-id'));
}

async function addCard(page: Page, number: string, { makeDefault = true } = {}) {
  const cards = storedCards(page);
  await expect(cards.dialog).toHaveAccessibleName(/^Add New Card/);
  await typeCard(cards.frame(), number);
  const makeDefaultSwitch = cards.dialog.getByRole('switch', { name: 'Make this the default card' });
  if (!makeDefault) await makeDefaultSwitch.uncheck();
  await cards.dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(cards.card(number.slice(-4))).toBeVisible();
}

test('stores two cards through the provider’s frame, makes the second the default and removes the first', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await openPatient(page, 'priya natarajan', 'Priya Natarajan');
  const origin = new URL(server.url).origin;
  const cards = storedCards(page);

  // Mode 2 and mode 1 say there is no card yet; mode 1 requires one.
  await expect(cards.display).toContainText('No card on file');
  await expect(cards.field.getByRole('button', { name: /Card on file/ })).toContainText('No card on file');
  await expect(cards.field).toContainText('Add a Card');
  expect(await cards.field.evaluate((el) => (el as HTMLElement & { value: string }).value)).toBe('');

  // No cards: the dialog goes straight to collecting one.
  await cards.button.click();
  await expect(cards.dialog).toHaveAccessibleName(/^Add New Card/);
  await expect(cards.dialog).toContainText(NO_CARDS);
  const iframe = cards.dialog.locator('iframe[title="Card details"]');
  await expect(iframe).toBeVisible();
  const frameUrl = new URL((await iframe.getAttribute('src'))!);
  expect(frameUrl.origin).not.toBe(origin);
  // The frame takes the widget's theme (the provider keeps what it accepts).
  expect(JSON.parse(frameUrl.searchParams.get('style') ?? '{}')).toMatchObject({
    color: expect.stringMatching(/^#/),
    borderRadius: expect.stringMatching(/px$/),
  });
  // Measured once the dialog's opening animation (a scale) has settled.
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(155);
  await expect(cards.frame().getByLabel('ZIP code')).toBeVisible();

  // The frame refuses empty fields: the spec's sentence, and nothing stored.
  await expect(cards.dialog.getByRole('button', { name: 'Add Card' })).toBeEnabled();
  await cards.dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(cards.dialog.getByRole('alert')).toHaveText(
    'Please make sure all fields are entered correctly',
  );
  await shoot(page, 'collect-error');
  await cards.frame().getByLabel('Card number').fill('');

  await typeCard(cards.frame(), VISA);
  await shoot(page, 'collect');
  await cards.dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(cards.dialog).toHaveAccessibleName(/^Stored Cards/);
  await expect(cards.card('1111')).toContainText('Default');
  await expect(cards.card('1111').getByRole('img', { name: 'Visa' })).toBeVisible();
  await expect(cards.card('1111')).toContainText('Expires 12/30');

  // A second card, not the default at first.
  await cards.dialog.getByRole('button', { name: 'Add New Card' }).click();
  await expect(cards.dialog).not.toContainText(NO_CARDS);
  await expect(cards.dialog.getByRole('switch', { name: 'Make this the default card' })).toBeChecked();
  await shoot(page, 'collect-another');
  await addCard(page, MASTERCARD, { makeDefault: false });
  await expect(cards.list.getByRole('listitem')).toHaveCount(2);
  await expect(cards.list.getByRole('listitem').first()).toContainText('•••• 1111');

  // Make it the default: it comes first.
  await cards.card('4444').getByRole('button', { name: 'Make Default' }).click();
  await expect(cards.list.getByRole('listitem').first()).toContainText('•••• 4444');
  await expect(cards.card('4444')).toContainText('Default');
  await expect(cards.card('4444').getByRole('img', { name: 'Mastercard' })).toBeVisible();
  await shoot(page, 'list');

  // Remove the other, after the confirmation.
  await cards.card('1111').getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Card' });
  await expect(confirm).toContainText('Are you sure you want to remove this card?');
  await page.mouse.move(0, 0);
  fs.writeFileSync(path.join(SHOTS, 'stored-cards-remove-confirm.png'), await page.screenshot());
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(cards.dialog.getByRole('status').filter({ hasText: 'Deleted' })).toContainText(
    'The selected card has been deleted.',
  );
  await expect(cards.list.getByRole('listitem')).toHaveCount(1);
  await shoot(page, 'deleted');

  // Closed: the page's other views of the same patient show the default card, and the form's
  // field holds its id.
  await cards.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(cards.dialog).toBeHidden();
  await expect(cards.display).toContainText('•••• 4444');
  await expect(cards.field.getByRole('button', { name: /Card on file/ })).toContainText('•••• 4444');
  await expect(cards.field).not.toContainText('Add a Card');
  const value = await cards.field.evaluate((el) => (el as HTMLElement & { value: string }).value);
  expect(value).toMatch(/^\d+$/);
  await page.locator('#card-payment').getByRole('button', { name: 'Use this card' }).click();
  await expect(page.locator('#card-payment-value')).toHaveText(`The form sends card ${value}.`);
  // The page's elements were visible and usable on the hostile page; keep a picture of them.
  fs.writeFileSync(path.join(SHOTS, 'stored-cards-modes.png'), await page.locator('#cards').screenshot());

  // The widget's trigger is back for screen readers once the dialog closed, and a dialog opened
  // again comes up as usable as the first.
  await cards.button.click();
  await expect(cards.dialog).toHaveAccessibleName(/^Stored Cards/);
  await expect(cards.card('4444').getByRole('button', { name: 'Select' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cards.dialog).toBeHidden();

  // Only nonces went to Chairside: no request to the page's origin carries either number.
  const own = requests.filter((r) => new URL(r.url).origin === origin);
  const tokenizes = own.filter((r) => r.url.endsWith('/api/customerSavedCard/tokenize'));
  expect(tokenizes).toHaveLength(2);
  for (const request of tokenizes) {
    expect(Object.keys(JSON.parse(request.body ?? '{}')).sort()).toEqual([
      'customerId',
      'isDefault',
      'nonce',
    ]);
  }
  for (const number of [VISA, MASTERCARD]) {
    for (const spelling of spellings(number)) {
      for (const request of own) {
        expect(request.url, `${request.method} ${request.url}`).not.toContain(spelling);
        expect(request.body ?? '', `${request.method} ${request.url}`).not.toContain(spelling);
      }
    }
  }
  // The numbers did go somewhere: to the provider's origin, from its own frame.
  expect(requests.some((r) => new URL(r.url).origin !== origin && r.url.includes('/frame'))).toBe(true);
});

test('a card request goes to the patient by text and e-mail and lands in the outbox', async ({ page }) => {
  await openPatient(page, 'chidi okafor', 'Chidi Okafor');
  const cards = storedCards(page);
  await cards.button.click();
  await cards.dialog.getByRole('button', { name: 'Send a notification' }).click();
  await expect(cards.dialog).toHaveAccessibleName(/^Card Request/);

  // Filled from the patient, each channel on because it has a value.
  const text = cards.dialog.getByRole('switch', { name: 'Text Message' });
  const email = cards.dialog.getByRole('switch', { name: 'Email' });
  const mobile = cards.dialog.getByRole('textbox', { name: 'Mobile phone' });
  const address = cards.dialog.getByRole('textbox', { name: 'Email address' });
  await expect(text).toBeChecked();
  await expect(mobile).toHaveValue('(512) 555-0161');
  await expect(email).toBeChecked();
  await expect(address).toHaveValue('chidi.okafor@example.com');
  await shoot(page, 'send');

  // Both off: nothing to send.
  const send = cards.dialog.getByRole('button', { name: 'Send Request' });
  await text.uncheck();
  await email.uncheck();
  await expect(send).toBeDisabled();
  // On with a bad number: the spec's message, nothing sent.
  await text.check();
  await mobile.fill('555-01');
  await send.click();
  await expect(cards.dialog).toContainText('The mobile phone is not a valid phone number.');
  await shoot(page, 'send-invalid');
  await mobile.fill('512-555-0161');
  await email.check();

  const before = Date.now();
  await send.click();
  await expect(cards.dialog).toBeHidden();
  await expect(page.locator('#cards-button').getByRole('status')).toContainText(
    'The patient has been sent a request to store their card.',
  );
  await expect(page.locator('#last-card-event')).toContainText('card-request-sent (cards-button)');

  // The outbox shows a person their own practice's messages.
  const { body: outbox } = await server.call<{
    messages: { channel: string; recipient: string; body: string; link: string | null; created: string }[];
  }>('GET', '/sandbox/outbox.json?limit=20', { token: await server.tokenFor('frontdesk') });
  const sent = outbox.value!.messages.filter(
    (m) => Date.parse(m.created) >= before - 60_000 && /card/i.test(m.body),
  );
  const sms = sent.find((m) => m.channel === 'SMS');
  const mail = sent.find((m) => m.channel === 'EMAIL');
  expect(sms?.recipient.replace(/\D/g, '')).toContain('5125550161');
  expect(mail?.recipient).toBe('chidi.okafor@example.com');
  expect(sms?.link).toBeTruthy();
  expect(mail?.link).toBe(sms?.link);
});

test('removing a card an active payment plan uses stops at Associated Card', async ({ page }) => {
  await openPatient(page, 'maria garcia', 'Maria Garcia');
  const cards = storedCards(page);
  const customerId = await customerIdOf(page);
  await cards.button.click();
  await addCard(page, VISA);
  const [stored] = (
    await server.call<{ id: number }[]>(
      'GET',
      `/api/customerSavedCard/customerSavedCards?customerId=${customerId}`,
      { token: await server.tokenFor('frontdesk') },
    )
  ).body.value!;

  // The plan screens come later: the plan that pays with this card is written to the database.
  const [plan] = await server.ctx.db
    .insert(paymentPlans)
    .values({ companyId: 1, customerId, total: 60_000, cycleCount: 6, customerSavedCardId: stored!.id })
    .returning({ id: paymentPlans.id });
  try {
    await cards.card('1111').getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove Card' })
      .getByRole('button', { name: 'Remove' })
      .click();
    const alert = cards.dialog.getByRole('alert').filter({ hasText: 'Associated Card' });
    await expect(alert).toContainText('This card is associated with an active payment plan or membership.');
    await expect(cards.card('1111')).toBeVisible();
    await shoot(page, 'associated');
  } finally {
    await server.ctx.db
      .delete(paymentPlans)
      .where(and(eq(paymentPlans.id, plan!.id), eq(paymentPlans.customerId, customerId)));
  }
});
