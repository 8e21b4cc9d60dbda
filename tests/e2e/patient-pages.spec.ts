/**
 * The three pages a patient's link opens (a payment link /p/{token}, a card request /card/{token}, a
 * membership enrolment /enroll/{token}), each unpaid and paid (or used, or complete), on a phone
 * (390×844) and on a desktop, in the light and the dark theme (issue 39): one browser per size and
 * theme opens the six pages and checks what a person sees there (the practice, the greeting, the
 * amount, the surcharge the practice adds, the card frame ready to take a card, the closed link's
 * message), that nothing is wider than the screen, that the theme applies, and that the page logs no
 * error. The links are made and used through the product's API; the flows that fill the card frame
 * in are the pages' own specs' (payment-requests, card-request-page, memberships, link-expiry,
 * settings-surcharge), each in a phone and a desktop view (support/patientView.ts).
 *
 * It runs its own sandbox (free ports), as card-request-page.spec.ts does. The phone's screenshots
 * go to .cache/shots/patient-pages-*.png for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CARD_ENTRY_TEXT } from '../../widgets/ui/card-entry/texts.js';
import {
  CARDS,
  createRequest,
  idempotencyKey,
  newCustomer,
  nonceFor,
  outbox,
  payWithCard,
} from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';
import {
  expectFitsView,
  PATIENT_VIEWS,
  patientBrowser,
  viewName,
  type PatientView,
} from './support/patientView.js';

const SHOTS = path.resolve('.cache', 'shots');
const PRACTICE = 'Bright Smiles Dental';

let server: TestServer;
/** The six links: each page unpaid (open) and paid (used, complete). */
const links = {} as Record<'payment' | 'paid' | 'card' | 'usedCard' | 'enrolment' | 'enrolled', string>;
let planLabel: string;

/** A card request to a new patient, by e-mail; its link. */
async function cardRequestLink(frontdesk: string) {
  const customer = await newCustomer(server, frontdesk);
  const sent = await server.call('POST', '/api/customer/sendCardRequest', {
    token: frontdesk,
    body: { customerId: customer.id, notifyText: false, notifyEmail: true, email: customer.email, cell: '' },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mail = (await outbox(server)).find(
    (m) => m.recipient === customer.email && m.link?.includes('/card/'),
  );
  return mail!.link!;
}

/** A monthly membership in the plan for a new patient, to be completed by link; the link. */
async function enrolmentLink(admin: string, planId: number) {
  const holder = await newCustomer(server, admin);
  const enrolled = await server.call('POST', '/api/customerMembershipBilling/enroll', {
    token: admin,
    headers: idempotencyKey(),
    body: {
      customerId: holder.id,
      enrollees: [{ customerId: holder.id, membershipPlanId: planId, qty: 1 }],
      cycle: 'MONTHLY',
      startDate: server.ctx.clock.today(),
      approveBy: 'LINK',
      notifyEmail: true,
      email: holder.email,
      notifyText: false,
    },
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const mail = (await outbox(server)).find(
    (m) => m.recipient === holder.email && m.link?.includes('/enroll/'),
  );
  return mail!.link!;
}

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  fs.mkdirSync(SHOTS, { recursive: true });
  const [frontdesk, admin] = await Promise.all([server.tokenFor('frontdesk'), server.tokenFor('admin')]);

  // Payment requests of $45.00 (Bright Smiles surcharges credit cards 3 %): one paid by a Visa credit card.
  const payer = await newCustomer(server, frontdesk);
  links.payment = (
    await createRequest(server, frontdesk, payer, 4_500, { message: 'Your crown balance.' })
  ).request.link!;
  const paid = await createRequest(server, frontdesk, await newCustomer(server, frontdesk), 4_500);
  links.paid = paid.request.link!;
  const payment = await payWithCard(server, paid.linkToken, CARDS.visa);
  expect(payment.body.value, JSON.stringify(payment.body)).toMatchObject({ isApproved: true, total: 4_635 });

  // Card requests: one answered with a Visa card.
  links.card = await cardRequestLink(frontdesk);
  links.usedCard = await cardRequestLink(frontdesk);
  const stored = await server.call('POST', '/api/public/cardRequest/store', {
    body: { token: links.usedCard.split('/card/')[1], nonce: await nonceFor(server, CARDS.visa) },
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);

  // Enrolments in a $30.00 a month plan: one completed.
  planLabel = `Smile Club ${Math.random().toString(36).slice(2, 6)}`;
  const plan = await server.call<{ id: number }>('POST', '/api/membershipPlan/create', {
    token: admin,
    body: {
      label: planLabel,
      description: 'Cleanings and exams.',
      benefits: ['2 cleanings a year'],
      monthlyAmount: 3_000,
      yearlyAmount: 30_000,
      discountPlan: 'Club 10%',
    },
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  links.enrolment = await enrolmentLink(admin, plan.body.value!.id);
  links.enrolled = await enrolmentLink(admin, plan.body.value!.id);
  const completed = await server.call('POST', '/api/public/membershipEnrollment/complete', {
    body: {
      token: links.enrolled.split('/enroll/')[1],
      nonce: await nonceFor(server, CARDS.visa),
      signature: 'Paula Payer',
    },
    headers: idempotencyKey(),
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
});
test.afterAll(async () => {
  await server?.close();
});

/** Opens a link as from a message: the practice and the patient's greeting are the page's top. */
async function open(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByText(PRACTICE, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hi Paula,' })).toBeVisible();
}

/** The card-entry frame has loaded and takes a card: no spinner, no failure, its card number editable. */
async function expectFrameReady(page: Page) {
  await expect(page.frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeEditable();
  await expect(page.getByText(CARD_ENTRY_TEXT.frameLoading)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

async function shoot(page: Page, view: PatientView, name: string) {
  if (view.size !== 'phone') return; // the pages' own specs keep the desktop's
  await page.mouse.move(0, 0);
  const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(path.join(SHOTS, `patient-pages-${name}-${view.size}-${view.theme}.png`), shot);
}

for (const view of PATIENT_VIEWS) {
  test(`the three pages, open and closed, ${viewName(view)}`, async ({ browser }) => {
    const patient = await patientBrowser(browser, view);
    const { page } = patient;

    // A payment link: the amount, the note, the surcharge a credit card carries, the card frame.
    await open(page, links.payment);
    await expect(page.getByText('$45.00').first()).toBeVisible();
    await expect(page.getByText('Your crown balance.')).toBeVisible();
    await expect(
      page.getByText(/Credit cards carry a 3% surcharge\. Debit and prepaid cards carry none\./),
    ).toBeVisible();
    await expectFrameReady(page);
    await expect(page.getByRole('button', { name: 'Review Payment' })).toBeVisible();
    await expectFitsView(page, view);
    await shoot(page, view, 'payment');

    // Paid: what was paid, and no card form.
    await open(page, links.paid);
    await expect(page.getByText('This payment request has been paid.')).toBeVisible();
    await expect(page.getByText(/\$46\.35 was paid on/)).toBeVisible();
    await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Review Payment' })).toHaveCount(0);
    await expectFitsView(page, view);
    await shoot(page, view, 'payment-paid');

    // A card request: the card frame and its button.
    await open(page, links.card);
    await expectFrameReady(page);
    await expect(page.getByRole('button', { name: 'Save Card' })).toBeVisible();
    await expectFitsView(page, view);
    await shoot(page, view, 'card');

    // Used: the card on file, and no form.
    await open(page, links.usedCard);
    await expect(page.getByText('This link was already used to store a card.')).toBeVisible();
    await expect(page.getByText(/Visa ending in 1111, expires 12\/\d\d is on file/)).toBeVisible();
    await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Card' })).toHaveCount(0);
    await expectFitsView(page, view);
    await shoot(page, view, 'card-used');

    // An enrolment link: the plan, the monthly total, the surcharge, the card frame.
    await open(page, links.enrolment);
    await expect(page.getByRole('article', { name: new RegExp(`${planLabel} for Paula`) })).toBeVisible();
    await expect(page.getByText('$30.00').first()).toBeVisible();
    await expect(
      page.getByText(/^Credit cards carry a 3% surcharge\. Debit and prepaid cards carry none\./),
    ).toBeVisible();
    await expectFrameReady(page);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expectFitsView(page, view);
    await shoot(page, view, 'enrolment');

    // Complete: it says so, and takes no card.
    await open(page, links.enrolled);
    await expect(page.getByText('This enrollment is complete.')).toBeVisible();
    await expect(page.getByText(/You have signed the agreement and enrolled/)).toBeVisible();
    await expect(page.getByText(/add a card and sign to enroll/)).toHaveCount(0);
    await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await expectFitsView(page, view);
    await shoot(page, view, 'enrolment-complete');

    expect(patient.errors).toEqual([]);
    await patient.close();
  });
}
