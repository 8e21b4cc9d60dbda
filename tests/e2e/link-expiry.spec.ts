/**
 * Links that expire, end to end in Chromium (issue 30, item 6): a patient opens a payment link and an
 * enrolment link eight days after they were sent and sees the expired page (what happened, what to
 * do, nothing of theirs); the front desk sees the request's link expired in its modal and sends a new
 * one (Send New Link), which opens the payment page, while the old one now says it was replaced. The
 * membership's modal does the same for its enrolment link, and the patient enrols through the new one.
 * The patient of the payment link is on a phone in the dark theme, that of the enrolment link on a
 * desktop in the light theme (support/patientView.ts).
 *
 * It runs its own sandbox (free ports), as card-request-page.spec.ts does, so that it can move the
 * sandbox clock (ctx.clock) eight days without touching the other specs' sandbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { DESKTOP_LIGHT, expectFitsView, PHONE_DARK, patientBrowser } from './support/patientView.js';
import { typeCard } from './support/storedCards.js';
import { signInToPortal } from './support/portal.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';

const DAY = 86_400_000;
const SHOTS = path.resolve('.cache', 'shots');

let server: TestServer;
let frontdesk: string;
let admin: string;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  [frontdesk, admin] = await Promise.all([server.tokenFor('frontdesk'), server.tokenFor('admin')]);
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.close();
});

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(path.join(SHOTS, `link-expiry-${name}.png`), shot);
  await test.info().attach(`${name}.png`, { body: shot, contentType: 'image/png' });
}

async function ok<T>(token: string, method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) {
  const res = await server.call<T>(method, pathAndQuery, {
    token,
    body,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

let patients = 0;
/** A new patient of Bright Smiles, with an e-mail and a mobile. */
async function newPatient(firstName: string) {
  patients += 1;
  const lastName = `Linkexpiry${String.fromCharCode(64 + patients)}`;
  return ok<{ id: number; firstName: string; lastName: string; email: string; cell: string }>(
    frontdesk,
    'POST',
    '/api/customer/transition',
    {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      cell: `512555${String(2100 + patients)}`,
    },
  );
}

test('a payment link opened eight days later shows the expired page; the front desk sends a new link that opens', async ({
  page,
  browser,
}) => {
  const staffErrors = watchConsoleErrors(page);
  const patient = await newPatient('Imogen');
  const request = await ok<{ id: string; link: string }>(frontdesk, 'POST', '/api/notification/create', {
    customerId: patient.id,
    amount: 43_210,
    notifyText: true,
    cell: patient.cell,
    notifyEmail: true,
    email: patient.email,
    message: 'For your crown.',
  });
  await server.ctx.clock.advance(8 * DAY);

  // The patient opens the link from the text, eight days later, on a phone in the dark theme.
  const phone = await patientBrowser(browser, PHONE_DARK);
  await phone.page.goto(request.link);
  await expect(phone.page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(phone.page.getByText('This link has expired.')).toBeVisible();
  await expect(
    phone.page.getByText(
      /^Ask Bright Smiles Dental for a new link to pay(, or call them at \(\d{3}\) \d{3}-\d{4})?\.$/,
    ),
  ).toBeVisible();
  // Nothing of the patient's: no name, no amount, no note, no card form.
  await expect(phone.page.getByText('Imogen')).toHaveCount(0);
  await expect(phone.page.getByText('$432.10')).toHaveCount(0);
  await expect(phone.page.getByText('For your crown.')).toHaveCount(0);
  await expect(phone.page.locator('iframe[title="Card details"]')).toHaveCount(0);
  await expectFitsView(phone.page, PHONE_DARK);
  await shoot(phone.page, 'payment-expired');

  // The front desk opens the request: its link has expired; a reminder is not offered, a new link is.
  await signInToPortal(page, 'frontdesk', `${server.url}/#/notifications?status=unpaid`);
  const row = page.getByRole('row').filter({ hasText: '$432.10' });
  await row.getByRole('button', { name: `Imogen ${patient.lastName}` }).click();
  const modal = page.getByRole('dialog', { name: `Payment Request for Imogen ${patient.lastName}` });
  await expect(modal.getByText('Link expired', { exact: true })).toBeVisible();
  await expect(modal.getByRole('region', { name: 'Amount Requested' })).toContainText(/Link expired /);
  await expect(modal.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
  const sendNewLink = modal.getByRole('button', { name: 'Send New Link' });
  await expect(sendNewLink).toBeVisible();
  await page.mouse.move(0, 0);
  fs.writeFileSync(
    path.join(SHOTS, 'link-expiry-staff-expired.png'),
    await modal.screenshot({ animations: 'disabled', caret: 'hide' }),
  );

  await sendNewLink.click();
  await expect(
    page.getByText('The patient has been sent a new link to pay. The link sent before no longer works.'),
  ).toBeVisible();
  await expect(modal.getByText('Link expired', { exact: true })).toHaveCount(0);
  await expect(modal.getByRole('region', { name: 'Amount Requested' })).toContainText(/Link works until /);
  await expect(modal.getByRole('button', { name: 'Send Reminder' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Copy Link' })).toBeVisible();
  fs.writeFileSync(
    path.join(SHOTS, 'link-expiry-staff-new-link.png'),
    await modal.screenshot({ animations: 'disabled', caret: 'hide' }),
  );

  // The new link reached the patient, and opens the payment page.
  const { messages } = await ok<{ messages: { channel: string; link: string | null; body: string }[] }>(
    frontdesk,
    'GET',
    '/sandbox/outbox.json?limit=20',
  );
  const text = messages.find((m) => m.channel === 'SMS' && m.body.includes('here is a new link'));
  expect(text?.link).toBeTruthy();
  expect(text!.link).not.toBe(request.link);
  // Each link opened afresh, as from a message.
  await phone.page.goto('about:blank');
  await phone.page.goto(text!.link!);
  await expect(phone.page.getByRole('heading', { name: 'Hi Imogen,' })).toBeVisible();
  await expect(phone.page.getByText('$432.10')).toBeVisible();
  await expect(phone.page.getByRole('button', { name: 'Review Payment' })).toBeVisible();

  // The old link now says it was replaced.
  await phone.page.goto('about:blank');
  await phone.page.goto(request.link);
  await expect(phone.page.getByText('This link has been replaced by a newer one.')).toBeVisible();
  await expect(
    phone.page.getByText(/^Use the link in Bright Smiles Dental's latest text or e-mail to pay\./),
  ).toBeVisible();
  await expectFitsView(phone.page, PHONE_DARK);
  await shoot(phone.page, 'payment-replaced');

  expect(phone.errors).toEqual([]);
  expect(staffErrors).toEqual([]);
  await phone.close();
});

test('an enrolment link opened eight days later shows the expired page; the membership’s modal sends a new one, which enrols', async ({
  page,
  browser,
}) => {
  const staffErrors = watchConsoleErrors(page);
  const holder = await newPatient('Oscar');
  const plans = await ok<{ id: number; label: string; monthlyAmount: number | null }[]>(
    admin,
    'GET',
    '/api/membershipPlan/list',
  );
  const plan = plans.find((p) => p.monthlyAmount !== null)!;
  const { membership } = await ok<{ membership: { id: number } }>(
    admin,
    'POST',
    '/api/customerMembershipBilling/enroll',
    {
      customerId: holder.id,
      enrollees: [{ customerId: holder.id, membershipPlanId: plan.id, qty: 1 }],
      cycle: 'MONTHLY',
      startDate: server.ctx.clock.today(),
      approveBy: 'LINK',
      notifyEmail: true,
      email: holder.email,
      notifyText: false,
    },
  );
  const outbox = async () =>
    (
      await ok<{ messages: { recipient: string; subject: string; link: string | null }[] }>(
        admin,
        'GET',
        '/sandbox/outbox.json?limit=50',
      )
    ).messages.filter((m) => m.recipient === holder.email && m.link?.includes('/enroll/'));
  const link = (await outbox())[0]!.link!;
  await server.ctx.clock.advance(8 * DAY);

  // This patient is on a desktop, in the light theme.
  const patient = await patientBrowser(browser, DESKTOP_LIGHT);
  await patient.page.goto(link);
  await expect(patient.page.getByRole('heading', { level: 1, name: 'Membership enrollment' })).toBeVisible();
  await expect(patient.page.getByText('This link has expired.')).toBeVisible();
  await expect(
    patient.page.getByText(/^Ask Bright Smiles Dental for a new link to complete your enrollment/),
  ).toBeVisible();
  await expect(patient.page.getByText('Oscar')).toHaveCount(0);
  await expect(patient.page.getByText(plan.label)).toHaveCount(0);
  await expectFitsView(patient.page, DESKTOP_LIGHT);
  await shoot(patient.page, 'enrollment-expired');

  await signInToPortal(
    page,
    'admin',
    `${server.url}/#/customermembershipbillings?customerMembershipBillingId=${membership.id}`,
  );
  const modal = page.getByRole('dialog', { name: /^Membership for / });
  const enrollment = modal.getByRole('region', { name: 'Enrollment', exact: true });
  await expect(enrollment).toContainText(/Link expired .*: send a new link for the patient to enroll\./);
  await expect(enrollment.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
  await enrollment.getByRole('button', { name: 'Send New Link' }).click();
  await expect(
    page.getByText(
      'The patient has been sent a new link to complete their enrollment. The link sent before no longer works.',
    ),
  ).toBeVisible();
  await expect(enrollment).toContainText(/Link works until /);
  await expect(enrollment.getByRole('button', { name: 'Send Reminder' })).toBeVisible();
  fs.writeFileSync(
    path.join(SHOTS, 'link-expiry-staff-enrollment-new-link.png'),
    await modal.screenshot({ animations: 'disabled', caret: 'hide' }),
  );

  const fresh = (await outbox()).find((m) => m.subject.startsWith('New link:'));
  expect(fresh?.link).toBeTruthy();
  await patient.page.goto('about:blank');
  await patient.page.goto(fresh!.link!);
  await expect(patient.page.getByRole('heading', { name: 'Hi Oscar,' })).toBeVisible();
  await patient.page.goto('about:blank');
  await patient.page.goto(link);
  await expect(patient.page.getByText('This link has been replaced by a newer one.')).toBeVisible();
  await expectFitsView(patient.page, DESKTOP_LIGHT);

  // The new link enrols.
  await patient.page.goto(fresh!.link!);
  await typeCard(patient.page.frameLocator('iframe[title="Card details"]'), '4111 1111 1111 1111');
  await patient.page.getByRole('button', { name: 'Continue' }).click();
  const cost = patient.page.getByRole('region', { name: 'Your membership’s cost' });
  await expect(cost).toContainText('•••• 1111');
  await cost.getByRole('textbox', { name: /Signature/ }).fill(`Oscar ${holder.lastName}`);
  await cost.getByRole('button', { name: 'Sign and Enroll' }).click();
  await expect(patient.page.getByText('You are enrolled.')).toBeVisible();
  await expectFitsView(patient.page, DESKTOP_LIGHT);

  expect(patient.errors).toEqual([]);
  expect(staffErrors).toEqual([]);
  await patient.close();
});
