/**
 * Patient links expire (issue 30, item 6): a payment request's, a membership enrolment's and a card
 * request's link opens until the practice's days for its kind have passed since it was sent (a week
 * by default), and answers EXPIRED after, by the sandbox clock, which these tests move
 * (`ctx.clock.advance`: no job runs on the way). The practice's setting changes it, for links already
 * sent too. Send New Link gives a payment request or an enrolment a new link that works; the old one
 * answers EXPIRED, replaced.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import {
  DEFAULT_LINK_EXPIRY,
  EXPIRED_LINK_REFUSALS,
  type LinkExpirySettings,
} from '../../embed-sdk/contract/patientLinks.js';
import { cardRequests } from '../../server/db/schema/index.js';
import {
  CARDS,
  createRequest,
  idempotencyKey,
  newCustomer,
  nonceFor,
  outbox,
  type RequestValue,
} from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());
afterEach(async () => {
  // Each test starts from the defaults; the clock keeps moving forward, and each test makes its own links.
  await server.call('POST', '/api/settings/linkExpiry', { token: admin, body: DEFAULT_LINK_EXPIRY });
});

/** Moves the sandbox clock, as the sandbox's own control does, without running the jobs that fall due. */
const advance = (ms: number) => server.ctx.clock.advance(ms);
const now = () => server.ctx.clock.now().getTime();

async function setDays(days: Partial<LinkExpirySettings>) {
  const res = await server.call<LinkExpirySettings>('POST', '/api/settings/linkExpiry', {
    token: admin,
    body: { ...DEFAULT_LINK_EXPIRY, ...days },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const practice = { practiceName: 'Bright Smiles Dental', practicePhone: expect.any(String) };

describe('payment links', () => {
  const page = (token: string) =>
    server.call<Record<string, unknown>>('GET', `/api/public/paymentRequest?token=${token}`);
  const staffView = (id: string) =>
    server.call<RequestValue>('GET', `/api/notification/getnotification?id=${id}`, { token: frontdesk });
  const tokenOf = (link: string) => link.split('/p/')[1]!;

  async function newRequest() {
    const customer = await newCustomer(server, frontdesk);
    const { request } = await createRequest(server, frontdesk, customer, 12_550);
    return { customer, request, token: tokenOf(request.link!) };
  }

  async function pay(token: string) {
    const nonce = await nonceFor(server, CARDS.visa);
    const quote = await server.call<{ total: number }>('POST', '/api/public/paymentRequest/quote', {
      body: { token, nonce },
    });
    if (!quote.body.isSuccess) return quote;
    return server.call<{ isApproved: boolean }>('POST', '/api/public/paymentRequest/pay', {
      headers: idempotencyKey(),
      body: { token, nonce, total: quote.body.value!.total },
    });
  }

  it('opens until a week after it was sent, and answers EXPIRED after, showing nothing of the patient’s', async () => {
    const { request, token } = await newRequest();
    const sent = Date.parse(request.created);
    expect(request).toMatchObject({
      linkSent: request.created,
      linkExpires: new Date(sent + 7 * DAY).toISOString(),
      linkExpired: false,
    });
    expect((await page(token)).body.value).toMatchObject({
      status: 'OPEN',
      firstName: 'Paula',
      amount: 12_550,
    });

    // A minute before its week ends it still opens.
    await advance(sent + 7 * DAY - 60_000 - now());
    expect((await page(token)).body.value).toMatchObject({ status: 'OPEN', amount: 12_550 });

    // Eight days after it was sent, as the issue opened it.
    await advance(sent + 8 * DAY - now());
    const expired = await page(token);
    expect(expired.status).toBe(200);
    expect(expired.body.value).toEqual({
      status: 'EXPIRED',
      ...practice,
      expired: new Date(sent + 7 * DAY).toISOString(),
      replaced: false,
    });

    // It takes nothing: no quote, no payment, no viewing recorded.
    expect((await pay(token)).body.errors).toEqual([EXPIRED_LINK_REFUSALS.payment]);
    const viewed = await server.call('POST', '/api/public/paymentRequest/viewed', { body: { token } });
    expect(viewed.body.errors).toEqual([EXPIRED_LINK_REFUSALS.payment]);
    const staff = (await staffView(request.id)).body.value!;
    expect(staff).toMatchObject({ status: 'UNPAID', paymentPage: null, linkExpired: true });

    // A reminder would send the dead link again: refused, naming what to do.
    const remind = await server.call('POST', '/api/notification/remind', {
      token: frontdesk,
      body: { ids: [request.id] },
    });
    expect(remind.body.errors).toEqual([
      `The link of the payment request for Paula ${String(request.lastName)} has expired: use Send New Link to send a new one.`,
    ]);
  });

  it('Send New Link sends a link that works; the old one answers EXPIRED, replaced, and takes nothing', async () => {
    const { request, token } = await newRequest();
    await advance(8 * DAY);
    expect((await page(token)).body.value).toMatchObject({ status: 'EXPIRED', replaced: false });

    const before = now();
    const fresh = await server.call<RequestValue>('POST', '/api/notification/sendNewLink', {
      token: frontdesk,
      body: { id: request.id },
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const renewed = fresh.body.value!;
    expect(renewed.link).not.toBe(request.link);
    expect(renewed.link).toMatch(new RegExp(`^${server.url}/p/[A-Za-z0-9_-]{32}$`));
    expect(renewed).toMatchObject({ status: 'UNPAID', linkExpired: false, amount: 12_550 });
    expect(Date.parse(String(renewed.linkSent))).toBeGreaterThanOrEqual(before);
    expect(Date.parse(String(renewed.linkExpires))).toBe(Date.parse(String(renewed.linkSent)) + 7 * DAY);

    // The patient gets it on the channels the request was sent by.
    const messages = await outbox(server, renewed.link!);
    expect(messages.map((m) => m.channel).sort()).toEqual(['EMAIL', 'SMS']);
    expect(messages.find((m) => m.channel === 'SMS')!.body).toBe(
      `Bright Smiles Dental: Hi Paula, here is a new link for your payment request of $125.50. Pay securely here: ${renewed.link}`,
    );
    expect(messages.find((m) => m.channel === 'EMAIL')!.body).toContain(
      'Earlier links for this request no longer work.',
    );

    // The old link says it was replaced, and takes nothing.
    const old = await page(token);
    expect(old.body.value).toEqual({
      status: 'EXPIRED',
      ...practice,
      expired: renewed.linkSent,
      replaced: true,
    });
    expect((await pay(token)).body.errors).toEqual([EXPIRED_LINK_REFUSALS.payment]);

    // The new one opens and pays; a reminder sends it.
    const newToken = tokenOf(renewed.link!);
    expect((await page(newToken)).body.value).toMatchObject({ status: 'OPEN', amount: 12_550 });
    const remind = await server.call('POST', '/api/notification/remind', {
      token: frontdesk,
      body: { ids: [request.id] },
    });
    expect(remind.status).toBe(200);
    const paid = await pay(newToken);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value).toMatchObject({ isApproved: true });

    // A paid request shows its receipt even once its link's week has passed; it has no new link to send.
    await advance(8 * DAY);
    expect((await page(newToken)).body.value).toMatchObject({ status: 'PAID', receipt: expect.anything() });
    const again = await server.call('POST', '/api/notification/sendNewLink', {
      token: frontdesk,
      body: { id: request.id },
    });
    expect(again.body.errors).toEqual([
      `The payment request for Paula ${String(request.lastName)} has been paid: there is no link to send.`,
    ]);
  });

  it('Send New Link on a link that still works ends it at once; a viewer may not send one', async () => {
    const { request, token } = await newRequest();
    const viewer = await server.tokenWithTerms('viewer');
    const refused = await server.call('POST', '/api/notification/sendNewLink', {
      token: viewer,
      body: { id: request.id },
    });
    expect(refused.status).toBe(403);
    const fresh = await server.call<RequestValue>('POST', '/api/notification/sendNewLink', {
      token: frontdesk,
      body: { id: request.id },
    });
    expect(fresh.status).toBe(200);
    expect((await page(token)).body.value).toMatchObject({ status: 'EXPIRED', replaced: true });
    expect((await page(tokenOf(fresh.body.value!.link!))).body.value).toMatchObject({ status: 'OPEN' });
    // A token nobody ever held is still not found.
    expect((await page('A'.repeat(32))).status).toBe(404);
  });

  it('follows the practice’s setting, for links already sent too', async () => {
    const { request, token } = await newRequest();
    await advance(8 * DAY);
    expect((await page(token)).body.value).toMatchObject({ status: 'EXPIRED' });

    await setDays({ paymentLinkDays: 14 });
    expect((await page(token)).body.value).toMatchObject({ status: 'OPEN' });
    expect((await staffView(request.id)).body.value).toMatchObject({
      linkExpires: new Date(Date.parse(request.created) + 14 * DAY).toISOString(),
      linkExpired: false,
    });

    await setDays({ paymentLinkDays: 1 });
    const fresh = await newRequest();
    expect((await page(fresh.token)).body.value).toMatchObject({ status: 'OPEN' });
    await advance(DAY + 60_000);
    expect((await page(fresh.token)).body.value).toMatchObject({ status: 'EXPIRED' });
  });
});

describe('the setting', () => {
  it('is a week for every kind until the practice changes it, and needs MANAGESETTINGS', async () => {
    const read = await server.call('GET', '/api/settings/linkExpiry', { token: admin });
    expect(read.body.value).toEqual({ paymentLinkDays: 7, enrollmentLinkDays: 7, cardRequestLinkDays: 7 });
    const saved = await setDays({ paymentLinkDays: 10, enrollmentLinkDays: 21, cardRequestLinkDays: 3 });
    expect(saved).toEqual({ paymentLinkDays: 10, enrollmentLinkDays: 21, cardRequestLinkDays: 3 });
    expect((await server.call('GET', '/api/settings/linkExpiry', { token: admin })).body.value).toEqual(
      saved,
    );

    expect((await server.call('GET', '/api/settings/linkExpiry', { token: frontdesk })).status).toBe(403);
    const byFrontDesk = await server.call('POST', '/api/settings/linkExpiry', {
      token: frontdesk,
      body: DEFAULT_LINK_EXPIRY,
    });
    expect(byFrontDesk.status).toBe(403);
  });

  it.each([
    [{ paymentLinkDays: 0 }, 'body.paymentLinkDays: Payment links must be at least 1 day.'],
    [{ enrollmentLinkDays: 31 }, 'body.enrollmentLinkDays: Enrollment links must be at most 30 days.'],
    [
      { cardRequestLinkDays: 2.5 },
      'body.cardRequestLinkDays: Card request links must be a whole number of days.',
    ],
  ])('refuses %j, naming the field', async (days, error) => {
    const res = await server.call('POST', '/api/settings/linkExpiry', {
      token: admin,
      body: { ...DEFAULT_LINK_EXPIRY, ...days },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([error]);
  });
});

describe('enrolment links', () => {
  const page = (token: string) =>
    server.call<Record<string, unknown>>('GET', `/api/public/membershipEnrollment?token=${token}`);
  const tokenOf = (link: string) => link.split('/enroll/')[1]!;
  const view = async (id: number) =>
    (
      await server.call<CustomerMembershipBilling>(
        'GET',
        `/api/customerMembershipBilling/getCustomerMembershipBilling?id=${id}`,
        { token: admin },
      )
    ).body.value!;

  async function enrolByLink() {
    const plan = await server.call<MembershipPlan>('POST', '/api/membershipPlan/create', {
      token: admin,
      body: {
        label: `Link plan ${Math.random().toString(36).slice(2, 8)}`,
        description: 'Cleanings and exams.',
        benefits: ['2 cleanings a year'],
        monthlyAmount: 3000,
        yearlyAmount: 30000,
        discountPlan: 'Club 10%',
      },
    });
    const holder = await newCustomer(server, admin);
    const enrolled = await server.call<{ membership: CustomerMembershipBilling }>(
      'POST',
      '/api/customerMembershipBilling/enroll',
      {
        token: admin,
        headers: idempotencyKey(),
        body: {
          customerId: holder.id,
          enrollees: [{ customerId: holder.id, membershipPlanId: plan.body.value!.id, qty: 1 }],
          cycle: 'MONTHLY',
          startDate: server.ctx.clock.today(),
          approveBy: 'LINK',
          notifyEmail: true,
          email: holder.email,
          notifyText: false,
        },
      },
    );
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const membership = enrolled.body.value!.membership;
    const sent = (await outbox(server)).find(
      (m) => m.recipient === holder.email && m.link?.includes('/enroll/'),
    );
    return { membership, holder, token: tokenOf(sent!.link!) };
  }

  async function complete(token: string) {
    const nonce = await nonceFor(server, CARDS.visa);
    return server.call<{ status: string }>('POST', '/api/public/membershipEnrollment/complete', {
      body: { token, nonce, signature: 'Paula Payer' },
      headers: idempotencyKey(),
    });
  }

  it('opens until a week after it was sent and answers EXPIRED after; Send New Link sends one that works', async () => {
    const { membership, token } = await enrolByLink();
    expect(membership.enrollment).toMatchObject({ linkExpired: false });
    const expires = Date.parse(membership.enrollment!.linkExpires);
    expect(expires - Date.parse(membership.enrollment!.linkSent)).toBe(7 * DAY);
    expect((await page(token)).body.value).toMatchObject({ status: 'OPEN', firstName: 'Paula' });

    await advance(expires - 60_000 - now());
    expect((await page(token)).body.value).toMatchObject({ status: 'OPEN' });

    // Eight days after it was sent.
    await advance(expires + DAY - now());
    expect((await page(token)).body.value).toEqual({
      status: 'EXPIRED',
      ...practice,
      expired: membership.enrollment!.linkExpires,
      replaced: false,
    });
    const quote = await server.call('POST', '/api/public/membershipEnrollment/quote', {
      body: { token, nonce: await nonceFor(server, CARDS.visa) },
    });
    expect(quote.body.errors).toEqual([EXPIRED_LINK_REFUSALS.enrollment]);
    expect((await complete(token)).body.errors).toEqual([EXPIRED_LINK_REFUSALS.enrollment]);
    const awaiting = await view(membership.id);
    expect(awaiting).toMatchObject({ status: 'AWAITINGPATIENT', enrollment: { linkExpired: true } });

    // The reminder would send the dead link: refused.
    const remind = await server.call('POST', '/api/customerMembershipBilling/notifyPatient', {
      token: admin,
      body: { id: membership.id },
    });
    expect(remind.body.errors).toEqual([
      'The enrollment link has expired: use Send New Link to send the patient a new one.',
    ]);

    // Send New Link.
    const fresh = await server.call<{ sentBy: string[] }>(
      'POST',
      '/api/customerMembershipBilling/sendNewEnrollmentLink',
      { token: admin, body: { id: membership.id } },
    );
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.value).toEqual({ sentBy: ['EMAIL'] });
    const renewed = await view(membership.id);
    expect(renewed.enrollment).toMatchObject({ linkExpired: false });
    const mail = (await outbox(server)).find(
      (m) => m.subject.startsWith('New link: complete your membership') && m.link?.includes('/enroll/'),
    );
    const newToken = tokenOf(mail!.link!);
    expect(newToken).not.toBe(token);
    expect(mail!.body).toContain('This is a new link: earlier links for this enrollment no longer work.');

    expect((await page(token)).body.value).toMatchObject({ status: 'EXPIRED', replaced: true });
    expect((await complete(token)).body.errors).toEqual([EXPIRED_LINK_REFUSALS.enrollment]);
    expect((await page(newToken)).body.value).toMatchObject({ status: 'OPEN' });
    const done = await complete(newToken);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value).toMatchObject({ status: 'ACTIVE' });

    // Completed, it says so after its week too; there is no link left to send.
    await advance(8 * DAY);
    expect((await page(newToken)).body.value).toMatchObject({ status: 'COMPLETED' });
    const none = await server.call('POST', '/api/customerMembershipBilling/sendNewEnrollmentLink', {
      token: admin,
      body: { id: membership.id },
    });
    expect(none.body.errors).toEqual(['The patient has already completed this enrollment.']);
  });

  it('follows the practice’s setting', async () => {
    const { token } = await enrolByLink();
    await setDays({ enrollmentLinkDays: 14 });
    await advance(8 * DAY);
    expect((await page(token)).body.value).toMatchObject({ status: 'OPEN' });
    await setDays({ enrollmentLinkDays: 7 });
    expect((await page(token)).body.value).toMatchObject({ status: 'EXPIRED', replaced: false });
  });
});

describe('card request links', () => {
  const page = (token: string) =>
    server.call<{ status: string; expires: string }>('GET', `/api/public/cardRequest?token=${token}`);

  async function sendCardRequest() {
    const customer = await newCustomer(server, frontdesk);
    const sent = await server.call<{ id: number }>('POST', '/api/customer/sendCardRequest', {
      token: frontdesk,
      body: {
        customerId: customer.id,
        notifyText: false,
        notifyEmail: true,
        email: customer.email,
        cell: '',
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [request] = await server.ctx.db
      .select()
      .from(cardRequests)
      .where(eq(cardRequests.id, sent.body.value!.id));
    return request!;
  }

  it('open for the practice’s days (a week by default), then EXPIRED; the setting changes it', async () => {
    const request = await sendCardRequest();
    const sent = request.created.getTime();
    expect((await page(request.linkToken)).body.value).toMatchObject({
      status: 'OPEN',
      expires: new Date(sent + 7 * DAY).toISOString(),
    });
    await advance(sent + 8 * DAY - now());
    expect((await page(request.linkToken)).body.value).toMatchObject({ status: 'EXPIRED' });

    await setDays({ cardRequestLinkDays: 14 });
    expect((await page(request.linkToken)).body.value).toMatchObject({
      status: 'OPEN',
      expires: new Date(sent + 14 * DAY).toISOString(),
    });
    const stored = await server.call('POST', '/api/public/cardRequest/store', {
      body: { token: request.linkToken, nonce: await nonceFor(server, CARDS.visa) },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect((await page(request.linkToken)).body.value).toMatchObject({ status: 'USED' });
  });
});
