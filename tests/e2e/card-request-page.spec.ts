/**
 * The card request a patient answers, end to end in Chromium: the front desk sends it from the
 * stored-cards dialog on the intranet page, the patient opens the link from the sandbox outbox (no
 * sign-in), types a card into the provider's frame and saves it on file; the front desk's open list
 * shows the card at once (realtime, no reload). A used link and an expired one say so and take no
 * card.
 *
 * It runs its own sandbox in-process (free ports), as stored-cards.spec.ts does, so that
 * it can age a link in the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { cardRequests } from '../../server/db/schema/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import { patientSearch } from './support/patientSearch.js';
import { DESKTOP_LIGHT, expectFitsView, PHONE_DARK, patientBrowser } from './support/patientView.js';
import { signIn } from './support/signIn.js';
import { storedCards, typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';
const DISCOVER = '6011 1111 1111 1117';
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

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(path.join(SHOTS, `card-request-page-${name}.png`), shot);
  await test.info().attach(`${name}.png`, { body: shot, contentType: 'image/png' });
}

/** The front desk sends a card request to the patient whose stored cards are open; answers its link. */
async function sendCardRequest(page: Page): Promise<string> {
  const cards = storedCards(page);
  await cards.dialog.getByRole('button', { name: 'Send a notification' }).click();
  await expect(cards.dialog).toHaveAccessibleName(/^Card Request/);
  const before = new Date(Date.now() - 1_000).toISOString();
  await cards.dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(cards.dialog).toBeHidden();
  // The outbox shows a signed-in person their own practice's messages.
  const { body: outbox } = await server.call<{
    messages: { channel: string; link: string | null; created: string }[];
  }>('GET', '/sandbox/outbox.json?limit=20', { token: await server.tokenFor('frontdesk') });
  const mail = outbox.value!.messages.find(
    (m) => m.channel === 'EMAIL' && m.created >= before && m.link?.includes('/card/'),
  );
  expect(mail?.link).toBeTruthy();
  return mail!.link!;
}

test('a patient keeps a card on file through the link, and the front desk’s list shows it at once', async ({
  page,
  browser,
}) => {
  await page.goto(`${server.url}/examples/intranet/`);
  await signIn(page, 'frontdesk@chairside.test');
  const search = patientSearch(page);
  await search.search('chidi okafor');
  await search.option('Chidi Okafor').first().click();
  const cards = storedCards(page);
  await expect(cards.button).toBeVisible();

  // The front desk keeps one card on file, then asks the patient for another.
  await cards.button.click();
  await typeCard(cards.frame(), VISA);
  await cards.dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(cards.card('1111')).toBeVisible();
  const link = await sendCardRequest(page);
  expect(link).toMatch(new RegExp(`^${server.url}/card/[A-Za-z0-9_-]{32}$`));

  // The list stays open on the front desk's screen while the patient answers.
  await cards.button.click();
  await expect(cards.card('1111')).toBeVisible();
  await expect(cards.card('1117')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The patient answers on a phone, in the dark theme (the expired link's test is on a desktop, light).
  const patient = await patientBrowser(browser, PHONE_DARK);
  await patient.page.goto(link);
  await expect(patient.page.getByRole('heading', { name: 'Hi Chidi,' })).toBeVisible();
  await expect(patient.page.getByText('Bright Smiles Dental', { exact: true })).toBeVisible();
  const frame = patient.page.frameLocator('iframe[title="Card details"]');
  await typeCard(frame, DISCOVER);
  await expectFitsView(patient.page, PHONE_DARK);
  await shoot(patient.page, 'open');
  // On the phone the patient taps.
  await patient.page.getByRole('button', { name: 'Save Card' }).tap();
  await expect(patient.page.getByText('Your card is on file.')).toBeVisible();
  await expect(patient.page.getByText('Discover ending in 1117, expires 12/30')).toBeVisible();
  await expectFitsView(patient.page, PHONE_DARK);
  await shoot(patient.page, 'saved');

  // The front desk's open list shows the new card, now the default, without a reload.
  await expect(cards.card('1117')).toBeVisible();
  await expect(cards.card('1117')).toContainText('Default');
  const staffList = await cards.dialog.screenshot({ animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(path.join(SHOTS, 'card-request-page-staff-list.png'), staffList);
  await expect(cards.display).toContainText('•••• 1117');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The link is used up: opened again, it says so and offers no card form.
  await patient.page.reload();
  await expect(patient.page.getByText('This link was already used to store a card.')).toBeVisible();
  await expect(patient.page.getByText(/Discover ending in 1117, expires 12\/30 is on file/)).toBeVisible();
  await expect(patient.page.getByRole('button', { name: 'Save Card' })).toHaveCount(0);
  await expectFitsView(patient.page, PHONE_DARK);
  await shoot(patient.page, 'used');
  expect(patient.errors).toEqual([]);
  await patient.close();
});

test('an expired link says so and takes no card, a wrong one says it could not be opened, a new one takes a card', async ({
  page,
  browser,
}) => {
  await page.goto(`${server.url}/examples/intranet/`);
  await signIn(page, 'frontdesk@chairside.test');
  const search = patientSearch(page);
  await search.search('grace okafor');
  await search.option('Grace Okafor').first().click();
  const cards = storedCards(page);
  await cards.button.click();
  await expect(cards.dialog).toBeVisible();
  const link = await sendCardRequest(page);
  const token = link.split('/card/')[1]!;
  await server.ctx.db
    .update(cardRequests)
    .set({ created: new Date(server.ctx.clock.now().getTime() - 8 * 86_400_000) })
    .where(eq(cardRequests.linkToken, token));

  // The patient is on a desktop, in the light theme (the first test's is a phone, dark).
  const patient = await patientBrowser(browser, DESKTOP_LIGHT);
  await patient.page.goto(link);
  await expect(patient.page.getByText('This link has expired.')).toBeVisible();
  await expect(patient.page.getByRole('button', { name: 'Save Card' })).toHaveCount(0);
  await expect(patient.page.locator('iframe[title="Card details"]')).toHaveCount(0);
  await expectFitsView(patient.page, DESKTOP_LIGHT);
  await shoot(patient.page, 'expired');

  await patient.page.goto(`${server.url}/#/card/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
  await expect(patient.page.getByText('This card link could not be opened.')).toBeVisible();
  await shoot(patient.page, 'wrong');
  // The old link's address led to the page at its path, which answered 404 (the browser logs that
  // status itself); nothing else was logged.
  expect(patient.page.url()).toBe(`${server.url}/card/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
  expect(patient.errors).toEqual([]);
  const [request] = await server.ctx.db.select().from(cardRequests).where(eq(cardRequests.linkToken, token));
  expect(request).toMatchObject({ completed: null, savedCardId: null });

  // The front desk sends a new link, and the patient keeps a card through it.
  await cards.button.click();
  await expect(cards.dialog).toBeVisible();
  const fresh = await sendCardRequest(page);
  await patient.page.goto(fresh);
  await expect(patient.page.getByRole('heading', { name: 'Hi Grace,' })).toBeVisible();
  await typeCard(patient.page.frameLocator('iframe[title="Card details"]'), VISA);
  await patient.page.getByRole('button', { name: 'Save Card' }).click();
  await expect(patient.page.getByText('Your card is on file.')).toBeVisible();
  await expect(patient.page.getByText(/^Visa ending in 1111, expires 12\/30$/)).toBeVisible();
  await expectFitsView(patient.page, DESKTOP_LIGHT);
  expect(patient.errors).toEqual([]);
  await patient.close();
});
