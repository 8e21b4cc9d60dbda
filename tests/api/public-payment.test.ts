/**
 * The public payment page's API over HTTP, as the page and the card-entry frame use it: no sign-in,
 * the link's token as the key, the surcharge disclosed before paying, declined then approved, paid
 * and cancelled links, paying twice at once, and the realtime events the practice receives.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CardQuote, PaymentPage } from '../../embed-sdk/contract/paymentPage.js';
import type { PaymentRequestViewed, TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import { cardEntries, providerCharges, transactions } from '../../server/db/schema/index.js';
import {
  asAdminAt,
  CARDS,
  createRequest,
  evelynCastellanos,
  hubListener,
  idempotencyKey,
  newCustomer,
  nonceFor,
  payWithCard,
  type PaidValue,
  type RequestValue,
} from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
const listeners: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  frontdesk = await server.tokenFor('frontdesk');
});
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.stop()));
});
afterAll(() => server?.close());

async function newRequest(amount = 12_550) {
  const customer = await newCustomer(server, frontdesk);
  return { customer, ...(await createRequest(server, frontdesk, customer, amount)) };
}

const page = (token: string) => server.call<PaymentPage>('GET', `/api/public/paymentRequest?token=${token}`);
const quote = (token: string, nonce: string) =>
  server.call<CardQuote>('POST', '/api/public/paymentRequest/quote', { body: { token, nonce } });
const pay = (token: string, nonce: string, total: number, key = idempotencyKey()) =>
  server.call<PaidValue>('POST', '/api/public/paymentRequest/pay', {
    headers: key,
    body: { token, nonce, total },
  });
const staffView = (id: string) =>
  server.call<RequestValue>('GET', `/api/notification/getnotification?id=${id}`, { token: frontdesk });

/** The provider's sales for the cards entered on this request's page. */
async function salesFor(requestId: string) {
  const cards = await server.ctx.db
    .select({ token: cardEntries.providerToken })
    .from(cardEntries)
    .where(eq(cardEntries.use, `payment-request:${requestId}`));
  if (cards.length === 0) return [];
  return server.ctx.db
    .select()
    .from(providerCharges)
    .where(
      and(
        inArray(
          providerCharges.token,
          cards.map((c) => c.token),
        ),
        eq(providerCharges.kind, 'SALE'),
      ),
    );
}

async function listen(targets: string[]) {
  const listener = await hubListener(server, frontdesk, targets);
  listeners.push(listener);
  return listener;
}

describe('the page', () => {
  it('shows the practice, the first name only, the amount and what a credit card adds, without sign-in', async () => {
    const { customer, linkToken } = await newRequest(12_550);
    const { status, body } = await page(linkToken);
    expect(status).toBe(200);
    expect(body.value).toEqual({
      practiceName: 'Bright Smiles Dental',
      practicePhone: '5125550100',
      firstName: 'Paula',
      amount: 12_550,
      message: '',
      status: 'OPEN',
      receipt: null,
      surcharge: { rateBps: 300 },
      cardEntry: {
        businessId: 'biz_brightsmiles',
        appId: 'app_brightsmiles',
        scriptUrl: server.ctx.cardProviderScriptUrl,
      },
    });
    expect(JSON.stringify(body)).not.toContain(customer.lastName);
    const res = await fetch(`${server.url}/api/public/paymentRequest?token=${linkToken}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('opens only with the link token: not with the request id, not with a made-up token', async () => {
    const { request } = await newRequest();
    expect((await page(request.id)).status).toBe(404);
    expect((await page(randomUUID().replace(/-/g, ''))).status).toBe(404);
    const short = await page('abc');
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual(['query.token: The link is incomplete.']);
  });

  it('records the first opening only, and tells the practice live', async () => {
    const { request, linkToken } = await newRequest();
    const hub = await listen(['PaymentRequestViewed']);
    const viewed = () =>
      server.call<{ paymentPage: string }>('POST', '/api/public/paymentRequest/viewed', {
        body: { token: linkToken },
      });
    const first = (await viewed()).body.value!.paymentPage;
    const event = (await hub.waitFor(
      'PaymentRequestViewed',
      (e: PaymentRequestViewed) => e.notificationId === request.id,
    )) as PaymentRequestViewed;
    expect(event).toEqual({ notificationId: request.id, paymentPage: first });
    await server.ctx.clock.advance(60_000);
    expect((await viewed()).body.value!.paymentPage).toBe(first);
    expect((await staffView(request.id)).body.value!.paymentPage).toBe(first);
    expect(hub.events.filter((e) => e.target === 'PaymentRequestViewed')).toHaveLength(1);
  });
});

describe('disclosing the surcharge before paying', () => {
  it('quotes a credit card with the 3 % surcharge and a debit card without, from the provider’s answer', async () => {
    const { linkToken } = await newRequest(12_550);
    const credit = await quote(linkToken, await nonceFor(server, CARDS.mastercard));
    expect(credit.body.value).toEqual({
      cardType: 'MASTERCARD',
      description: '•••• 4444',
      funding: 'CREDIT',
      amount: 12_550,
      surchargeAmount: 377,
      total: 12_927,
      surchargeRateBps: 300,
    });
    const debit = await quote(linkToken, await nonceFor(server, CARDS.visaDebit));
    expect(debit.body.value).toMatchObject({
      funding: 'DEBIT',
      surchargeAmount: 0,
      total: 12_550,
      surchargeRateBps: 0,
    });
  });

  it('quotes a nonce again without asking the provider twice', async () => {
    const { linkToken } = await newRequest();
    const nonce = await nonceFor(server, CARDS.visa);
    const first = await quote(linkToken, nonce);
    expect((await quote(linkToken, nonce)).body).toEqual(first.body);
  });

  it('charges nothing when the page sends another total than the card’s', async () => {
    const { request, linkToken } = await newRequest(12_550);
    const nonce = await nonceFor(server, CARDS.visa);
    const answer = await pay(linkToken, nonce, 12_550);
    expect(answer.body).toMatchObject({
      isSuccess: false,
      errors: [
        'The total for this card is $129.27, including a $3.77 credit card surcharge. Please review it and pay again.',
      ],
    });
    expect(await salesFor(request.id)).toEqual([]);
    // The same card, with the disclosed total, pays.
    const paid = await pay(linkToken, nonce, 12_927);
    expect(paid.body.value).toMatchObject({ isApproved: true, surchargeAmount: 377, total: 12_927 });
  });

  it('refuses a card number in any body, and one passed off as a nonce', async () => {
    const { linkToken } = await newRequest();
    const withNumber = await server.call('POST', '/api/public/paymentRequest/quote', {
      body: { token: linkToken, nonce: await nonceFor(server, CARDS.visa), cardNumber: '4111111111111111' },
    });
    expect(withNumber.status).toBe(400);
    expect(withNumber.body.errors.join(' ')).toMatch(/cardNumber/);
    const asNonce = await pay(linkToken, '4111 1111 1111 1111', 12_927);
    expect(asNonce.status).toBe(400);
    expect(asNonce.body.errors).toEqual([
      'body.nonce: Send the nonce from the card form, never a card number.',
    ]);
  });
});

describe('paying', () => {
  it('declined, then approved: two TEXTTOPAY transactions, the request paid, the practice told live', async () => {
    const { request, linkToken } = await newRequest(12_550);
    const hub = await listen(['TransactionProcessed']);

    const declined = await payWithCard(server, linkToken, CARDS.insufficientFunds);
    expect(declined.status).toBe(200);
    expect(declined.body.value).toMatchObject({
      isApproved: false,
      reason: 'Insufficient funds',
      total: 12_927,
      paid: null,
    });
    expect(declined.body.value!.transactionId).toBe(declined.body.value!.referenceId.split('-')[0]);
    expect((await staffView(request.id)).body.value).toMatchObject({ status: 'UNPAID', paid: null });
    expect((await page(linkToken)).body.value!.status).toBe('OPEN');
    const declinedEvent = (await hub.waitFor(
      'TransactionProcessed',
      (e: TransactionProcessed) => e.referenceId === declined.body.value!.referenceId,
    )) as TransactionProcessed;
    expect(declinedEvent).toMatchObject({
      status: 'DECLINED',
      source: 'TEXTTOPAY',
      notificationId: request.id,
    });

    const approved = await payWithCard(server, linkToken, CARDS.amex);
    expect(approved.body.value).toMatchObject({
      isApproved: true,
      reason: null,
      cardType: 'AMERICAN_EXPRESS',
      description: '•••• 0005',
      amount: 12_550,
      surchargeAmount: 377,
      total: 12_927,
      paid: expect.any(String),
    });
    const [row] = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceId, approved.body.value!.referenceId));
    const event = (await hub.waitFor(
      'TransactionProcessed',
      (e: TransactionProcessed) => e.referenceId === approved.body.value!.referenceId,
    )) as TransactionProcessed;
    expect(event).toEqual({
      transactionId: row!.id,
      referenceId: approved.body.value!.referenceId,
      refundVoidReferenceId: null,
      status: 'APPROVED',
      source: 'TEXTTOPAY',
      amount: 12_927,
      customerId: request.customerId,
      notificationId: request.id,
      paymentPlanId: null,
      customerMembershipBillingId: null,
      // Pending: the practice system's connector posts it a few seconds later.
      practiceManagementStatus: 0,
    });
    expect(row).toMatchObject({
      status: 'APPROVED',
      source: 'TEXTTOPAY',
      amount: 12_927,
      orderAmount: 12_550,
      surchargeAmount: 377,
      fundingSource: 'CARD',
      notificationId: request.id,
    });

    expect((await staffView(request.id)).body.value).toMatchObject({
      status: 'PAID',
      paid: approved.body.value!.paid,
      orderAmount: 12_550,
      surchargeAmount: 377,
      total: 12_927,
    });
    expect((await page(linkToken)).body.value).toMatchObject({
      status: 'PAID',
      receipt: { paid: approved.body.value!.paid, orderAmount: 12_550, surchargeAmount: 377, total: 12_927 },
    });
    expect((await salesFor(request.id)).map((s) => [s.amount, s.approved])).toEqual(
      expect.arrayContaining([
        [12_927, false],
        [12_927, true],
      ]),
    );
  });

  it('a paid link says so and takes no other payment', async () => {
    const { request, linkToken } = await newRequest(5_000);
    expect((await payWithCard(server, linkToken, CARDS.visaDebit)).body.value!.isApproved).toBe(true);
    const nonce = await nonceFor(server, CARDS.visa);
    const refusal = {
      isSuccess: false,
      value: null,
      errors: ['This payment request has already been paid.'],
      showMessage: true,
    };
    expect((await quote(linkToken, nonce)).body).toEqual(refusal);
    expect((await pay(linkToken, nonce, 5_150)).body).toEqual(refusal);
    expect(await salesFor(request.id)).toHaveLength(1);
  });

  it('requires an Idempotency-Key', async () => {
    const { linkToken } = await newRequest();
    const res = await server.call('POST', '/api/public/paymentRequest/pay', {
      body: { token: linkToken, nonce: await nonceFor(server, CARDS.visa), total: 12_927 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['headers.idempotency-key: The Idempotency-Key header is required.']);
  });

  it('charges once for the same payment sent twice at once (one Idempotency-Key)', async () => {
    const { request, linkToken } = await newRequest(8_000);
    const nonce = await nonceFor(server, CARDS.visa);
    const total = (await quote(linkToken, nonce)).body.value!.total;
    const key = idempotencyKey();
    const [first, second] = await Promise.all([
      pay(linkToken, nonce, total, key),
      pay(linkToken, nonce, total, key),
    ]);
    expect(first.body.value).toMatchObject({ isApproved: true, total: 8_240 });
    expect(second.body).toEqual(first.body);
    expect(await salesFor(request.id)).toHaveLength(1);
    const rows = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.notificationId, request.id));
    expect(rows).toHaveLength(1);
  });

  it('charges once for two different payments at once (two tabs, two keys)', async () => {
    const { request, linkToken } = await newRequest(9_000);
    const nonce = await nonceFor(server, CARDS.visa);
    const total = (await quote(linkToken, nonce)).body.value!.total;
    const answers = await Promise.all([pay(linkToken, nonce, total), pay(linkToken, nonce, total)]);
    const approved = answers.filter((a) => a.body.value?.isApproved);
    const refused = answers.filter((a) => !a.body.isSuccess);
    expect(approved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect([
      'A payment for this request is already being processed. Please wait a moment before trying again.',
      'This payment request has already been paid.',
    ]).toContain(refused[0]!.body.errors[0]);
    expect(await salesFor(request.id)).toHaveLength(1);
    const rows = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.notificationId, request.id));
    expect(rows.map((r) => r.status)).toEqual(['APPROVED']);
  });

  it('a cancelled link says so and takes no payment', async () => {
    const { request, linkToken } = await newRequest();
    await server.call('POST', '/api/notification/remove', { token: frontdesk, body: { ids: [request.id] } });
    expect((await page(linkToken)).body.value).toMatchObject({ status: 'CANCELLED', receipt: null });
    const answer = await payWithCard(server, linkToken, CARDS.visa);
    expect(answer.body.errors).toEqual([
      'This payment request has been cancelled by the practice, so it can no longer be paid.',
    ]);
    expect(await salesFor(request.id)).toEqual([]);
  });

  it('takes no surcharge at a practice that does not surcharge', async () => {
    await asAdminAt(server, 2, async (admin) => {
      const evelyn = await evelynCastellanos(server, admin);
      const { linkToken } = await createRequest(server, admin, evelyn, 10_000);
      expect((await page(linkToken)).body.value).toMatchObject({
        practiceName: 'Cedar Family Dentistry',
        firstName: 'Evelyn',
        surcharge: { rateBps: 0 },
        cardEntry: { businessId: 'biz_cedarfamily' },
      });
      const nonce = await nonceFor(server, CARDS.visa, 'biz_cedarfamily');
      expect((await quote(linkToken, nonce)).body.value).toMatchObject({
        funding: 'CREDIT',
        surchargeAmount: 0,
        total: 10_000,
      });
      // A nonce from another practice's frame is no good here.
      const foreign = await quote(linkToken, await nonceFor(server, CARDS.visa));
      expect(foreign.body.errors).toEqual([
        'The card details have expired or were already used. Please enter the card again.',
      ]);
    });
  });
});
