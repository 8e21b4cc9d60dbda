/**
 * A card entered once is used once (issue 30, items 1 and 2): at every card entry (the staff's
 * frame, the virtual terminal, the public payment page, the enrolment page, the card request), the
 * same nonce sent twice, one after the other and both at once, has one effect: one charge, one card
 * on file. A quote changes nothing on the patient's file, the enrolment page stores a card only with
 * the enrolment it completes, and a card entry is forgotten after its 15 minutes.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import type { Envelope } from '../../embed-sdk/contract/endpoint.js';
import { CARD_ENTRY_EXPIRED } from '../../server/cardProviderFailure.js';
import {
  cardEntries,
  cardRequests,
  customerMembershipBillings,
  providerCharges,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { runDueJobs } from '../../server/jobs/index.js';
import { CARD_ENTRY_REFUSALS, CARD_ENTRY_TTL_MS } from '../../server/saved-cards/cardEntries.js';
import {
  CARDS,
  createRequest,
  idempotencyKey,
  newCustomer,
  nonceFor,
  outbox,
  type PaidValue,
} from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

/** The 409 a second use of a card entry gets, naming the field. */
const USED = {
  isSuccess: false,
  value: null,
  errors: [`body.nonce: ${CARD_ENTRY_REFUSALS.used}`],
  showMessage: true,
};

type Answer = { status: number; body: Envelope<unknown> };

/** A refusal of a nonce met at the same moment by another call: the 409, or the provider's "expired or used". */
function refusedAsUsed(answer: Answer) {
  if (answer.status === 409) expect(answer.body).toEqual(USED);
  else expect(answer.body).toMatchObject({ isSuccess: false, errors: [CARD_ENTRY_EXPIRED] });
}

const sales = async () =>
  (
    await server.ctx.db.select({ n: count() }).from(providerCharges).where(eq(providerCharges.kind, 'SALE'))
  )[0]!.n;
const transactionRows = async () => (await server.ctx.db.select({ n: count() }).from(transactions))[0]!.n;
const cardsOnFile = async (customerId: number) =>
  (
    await server.ctx.db.select({ n: count() }).from(savedCards).where(eq(savedCards.customerId, customerId))
  )[0]!.n;

describe('the virtual terminal', () => {
  const quote = (body: Record<string, unknown>) =>
    server.call('POST', '/api/transaction/virtualTerminal/quote', { token: frontdesk, body });
  const charge = (body: Record<string, unknown>, key = idempotencyKey()) =>
    server.call<{ isApproved: boolean; referenceId: string; total: number }>(
      'POST',
      '/api/transaction/virtualTerminal',
      { token: frontdesk, body, headers: key },
    );

  it('charges a nonce once: three charges with three keys (the third for another amount) make one charge; its own key replays the first answer', async () => {
    const nonce = await nonceFor(server, CARDS.visa);
    expect((await quote({ amount: 111, nonce })).body).toMatchObject({ value: { total: 114 } });
    const [salesBefore, rowsBefore] = [await sales(), await transactionRows()];

    const key = idempotencyKey();
    const first = await charge({ amount: 111, total: 114, nonce }, key);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ isApproved: true, total: 114 });

    const second = await charge({ amount: 111, total: 114, nonce });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(USED);
    const third = await charge({ amount: 10_000, total: 10_300, nonce });
    expect(third.status).toBe(409);
    expect(third.body).toEqual(USED);
    // A quote of the used card entry is refused too: it can never be charged again.
    expect((await quote({ amount: 111, nonce })).status).toBe(409);

    const replay = await charge({ amount: 111, total: 114, nonce }, key);
    expect(replay).toEqual(first);
    expect(await sales()).toBe(salesBefore + 1);
    expect(await transactionRows()).toBe(rowsBefore + 1);
  });

  it('without a quote first: the same nonce twice in a row, then twice at once, charges once each time', async () => {
    const salesBefore = await sales();
    const nonce = await nonceFor(server, CARDS.mastercard);
    const once = await charge({ amount: 2_500, total: 2_575, nonce });
    expect(once.body.value).toMatchObject({ isApproved: true });
    const again = await charge({ amount: 2_500, total: 2_575, nonce });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(USED);
    expect(await sales()).toBe(salesBefore + 1);

    const atOnce = await nonceFor(server, CARDS.visa);
    const answers = await Promise.all(
      [1, 2, 3].map(() => charge({ amount: 4_000, total: 4_120, nonce: atOnce })),
    );
    const approved = answers.filter((a) => a.status === 200 && a.body.isSuccess);
    expect(approved).toHaveLength(1);
    for (const refused of answers.filter((a) => a !== approved[0])) refusedAsUsed(refused);
    expect(await sales()).toBe(salesBefore + 2);
  });

  it('a declined card entry is used too: trying it again charges nothing more', async () => {
    const salesBefore = await sales();
    const nonce = await nonceFor(server, CARDS.declined);
    const declined = await charge({ amount: 1_000, total: 1_030, nonce });
    expect(declined.body.value).toMatchObject({ isApproved: false });
    expect((await charge({ amount: 1_000, total: 1_030, nonce })).status).toBe(409);
    expect(await sales()).toBe(salesBefore + 1);
  });

  it('a total refused before charging leaves the card entry unused', async () => {
    const nonce = await nonceFor(server, CARDS.visa);
    const wrong = await charge({ amount: 5_000, total: 5_000, nonce });
    expect(wrong.body).toMatchObject({ isSuccess: false });
    const right = await charge({ amount: 5_000, total: 5_150, nonce });
    expect(right.body.value).toMatchObject({ isApproved: true, total: 5_150 });
  });
});

describe('the public payment page', () => {
  const pay = (token: string, nonce: string, total: number) =>
    server.call<PaidValue>('POST', '/api/public/paymentRequest/pay', {
      headers: idempotencyKey(),
      body: { token, nonce, total },
    });

  it('a declined card entry cannot be charged again, in a row or at once', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request, linkToken } = await createRequest(server, frontdesk, customer, 10_000);
    const charges = async () =>
      (
        await server.ctx.db
          .select({ n: count() })
          .from(transactions)
          .where(eq(transactions.notificationId, request.id))
      )[0]!.n;
    const salesBefore = await sales();

    const nonce = await nonceFor(server, CARDS.declined);
    const declined = await pay(linkToken, nonce, 10_300);
    expect(declined.body.value).toMatchObject({ isApproved: false });
    const again = await pay(linkToken, nonce, 10_300);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(USED);

    const atOnce = await nonceFor(server, CARDS.insufficientFunds);
    const answers = await Promise.all([1, 2, 3].map(() => pay(linkToken, atOnce, 10_300)));
    expect(answers.filter((a) => a.body.value?.isApproved === false)).toHaveLength(1);
    expect(await charges()).toBe(2);
    expect(await sales()).toBe(salesBefore + 2);
  });

  it('a quote stores no card on the patient’s file', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await createRequest(server, frontdesk, customer, 3_000);
    for (const card of [CARDS.visa, CARDS.mastercard, CARDS.visaDebit]) {
      const quoted = await server.call('POST', '/api/public/paymentRequest/quote', {
        body: { token: linkToken, nonce: await nonceFor(server, card) },
      });
      expect(quoted.body.isSuccess).toBe(true);
    }
    expect(await cardsOnFile(customer.id)).toBe(0);
  });

  it('a card entered for one request pays no other', async () => {
    const customer = await newCustomer(server, frontdesk);
    const one = await createRequest(server, frontdesk, customer, 3_000);
    const other = await createRequest(server, frontdesk, customer, 3_000);
    const nonce = await nonceFor(server, CARDS.visa);
    const quoted = await server.call('POST', '/api/public/paymentRequest/quote', {
      body: { token: one.linkToken, nonce },
    });
    expect(quoted.body.isSuccess).toBe(true);
    const elsewhere = await pay(other.linkToken, nonce, 3_090);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.errors).toEqual([`body.nonce: ${CARD_ENTRY_REFUSALS.elsewhere}`]);
    expect((await pay(one.linkToken, nonce, 3_090)).body.value).toMatchObject({ isApproved: true });
  });
});

describe('the enrolment page', () => {
  async function enrolmentLink() {
    const plan = await ok<MembershipPlan>('/api/membershipPlan/create', {
      label: `Entry plan ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Cleanings and exams.',
      benefits: ['2 cleanings a year'],
      monthlyAmount: 3_000,
      yearlyAmount: 30_000,
      discountPlan: 'Club 20%',
    });
    const holder = await newCustomer(server, admin);
    const { membership } = await ok<{ membership: CustomerMembershipBilling }>(
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
      idempotencyKey(),
    );
    const sent = (await outbox(server)).find(
      (m) => m.recipient === holder.email && m.link?.includes('/enroll/'),
    );
    return { id: membership.id, holder, token: sent!.link!.split('/enroll/')[1]! };
  }
  async function ok<T>(path: string, body: unknown, headers?: Record<string, string>) {
    const res = await server.call<T>('POST', path, { token: admin, body, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  }
  const quote = (token: string, nonce: string) =>
    server.call<{ total: number }>('POST', '/api/public/membershipEnrollment/quote', {
      body: { token, nonce },
    });
  const complete = (token: string, nonce: string) =>
    server.call<{ status: string; outcome: { isApproved: boolean } | null }>(
      'POST',
      '/api/public/membershipEnrollment/complete',
      { body: { token, nonce, signature: 'Paula Payer' }, headers: idempotencyKey() },
    );
  const membership = async (id: number) =>
    (
      await server.ctx.db
        .select()
        .from(customerMembershipBillings)
        .where(eq(customerMembershipBillings.id, id))
    )[0]!;
  /** The provider's sales on every card entered on this enrolment's page. */
  async function salesOnPage(id: number) {
    const tokens = await server.ctx.db
      .select({ token: cardEntries.providerToken })
      .from(cardEntries)
      .where(eq(cardEntries.use, `enrollment:${id}`));
    return (
      await server.ctx.db
        .select({ n: count() })
        .from(providerCharges)
        .where(
          and(
            eq(providerCharges.kind, 'SALE'),
            inArray(
              providerCharges.token,
              tokens.map((t) => t.token),
            ),
          ),
        )
    )[0]!.n;
  }

  it('a quote changes nothing: three quotes leave the patient with no card and the enrolment as it was', async () => {
    const { id, holder, token } = await enrolmentLink();
    const before = await membership(id);
    for (const card of [CARDS.visa, CARDS.mastercard, CARDS.visaDebit]) {
      const quoted = await quote(token, await nonceFor(server, card));
      expect(quoted.status).toBe(200);
      expect(quoted.body.isSuccess).toBe(true);
    }
    expect(await cardsOnFile(holder.id)).toBe(0);
    expect(await membership(id)).toEqual(before);
    expect(await salesOnPage(id)).toBe(0);
  });

  it('ten completions at once with ten nonces: one membership, one charge, one card on file', async () => {
    const { id, holder, token } = await enrolmentLink();
    const nonces = await Promise.all(Array.from({ length: 10 }, () => nonceFor(server, CARDS.visa)));
    const answers = await Promise.all(nonces.map((nonce) => complete(token, nonce)));
    const completed = answers.filter((a) => a.body.isSuccess);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.body.value).toMatchObject({ status: 'ACTIVE', outcome: { isApproved: true } });
    for (const refused of answers.filter((a) => !a.body.isSuccess)) {
      expect(refused.body.errors).toEqual(['This enrollment has already been completed.']);
    }
    expect(await cardsOnFile(holder.id)).toBe(1);
    const active = await membership(id);
    expect(active.status).toBe('ACTIVE');
    const [card] = await server.ctx.db.select().from(savedCards).where(eq(savedCards.customerId, holder.id));
    expect(active.customerSavedCardId).toBe(card!.id);
    const charged = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerMembershipBillingId, id));
    expect(charged).toHaveLength(1);
    expect(await salesOnPage(id)).toBe(1);
  });

  it('the same nonce twice, in a row and at once, completes once and stores one card', async () => {
    const inRow = await enrolmentLink();
    const nonce = await nonceFor(server, CARDS.visa);
    expect((await quote(inRow.token, nonce)).body.isSuccess).toBe(true);
    expect((await complete(inRow.token, nonce)).body.value).toMatchObject({ status: 'ACTIVE' });
    const again = await complete(inRow.token, nonce);
    expect(again.body.errors).toEqual(['This enrollment has already been completed.']);
    expect(await cardsOnFile(inRow.holder.id)).toBe(1);

    const atOnce = await enrolmentLink();
    const shared = await nonceFor(server, CARDS.mastercard);
    const answers = await Promise.all([1, 2, 3].map(() => complete(atOnce.token, shared)));
    expect(answers.filter((a) => a.body.isSuccess)).toHaveLength(1);
    expect(await cardsOnFile(atOnce.holder.id)).toBe(1);
    expect(await salesOnPage(atOnce.id)).toBe(1);
  });

  it('a card entered on one enrolment page completes no other', async () => {
    const one = await enrolmentLink();
    const other = await enrolmentLink();
    const nonce = await nonceFor(server, CARDS.visa);
    expect((await quote(one.token, nonce)).body.isSuccess).toBe(true);
    const elsewhere = await complete(other.token, nonce);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.errors).toEqual([`body.nonce: ${CARD_ENTRY_REFUSALS.elsewhere}`]);
    expect(await cardsOnFile(other.holder.id)).toBe(0);
    expect((await membership(other.id)).status).toBe('AWAITINGPATIENT');
  });
});

describe('the staff’s card-entry frame (a card on file)', () => {
  const tokenize = (customerId: number, nonce: string) =>
    server.call('POST', '/api/customerSavedCard/tokenize', {
      token: frontdesk,
      body: { nonce, customerId, isDefault: true },
    });

  it('the same nonce twice, in a row and at once, stores one card', async () => {
    const customer = await newCustomer(server, frontdesk);
    const nonce = await nonceFor(server, CARDS.visa);
    expect((await tokenize(customer.id, nonce)).body.isSuccess).toBe(true);
    const again = await tokenize(customer.id, nonce);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(USED);
    expect(await cardsOnFile(customer.id)).toBe(1);

    const atOnce = await nonceFor(server, CARDS.mastercard);
    const answers = await Promise.all([1, 2, 3].map(() => tokenize(customer.id, atOnce)));
    expect(answers.filter((a) => a.body.isSuccess)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.body.isSuccess)) refusedAsUsed(refused);
    expect(await cardsOnFile(customer.id)).toBe(2);
  });
});

describe('the card request', () => {
  async function cardRequestLink(customerId: number) {
    const { body } = await server.call<{ id: number }>('POST', '/api/customer/sendCardRequest', {
      token: frontdesk,
      body: { customerId, notifyText: true, cell: '5125550142', notifyEmail: false },
    });
    const [request] = await server.ctx.db
      .select()
      .from(cardRequests)
      .where(eq(cardRequests.id, body.value!.id));
    return request!.linkToken;
  }
  const store = (token: string, nonce: string) =>
    server.call('POST', '/api/public/cardRequest/store', { body: { token, nonce } });

  it('the same nonce on two links of the patient, in a row and at once, stores one card', async () => {
    const customer = await newCustomer(server, frontdesk);
    const [one, two] = [await cardRequestLink(customer.id), await cardRequestLink(customer.id)];
    const nonce = await nonceFor(server, CARDS.visa);
    expect((await store(one, nonce)).body.isSuccess).toBe(true);
    const elsewhere = await store(two, nonce);
    expect(elsewhere.status).toBe(409);
    expect(await cardsOnFile(customer.id)).toBe(1);

    const other = await newCustomer(server, frontdesk);
    const links = [await cardRequestLink(other.id), await cardRequestLink(other.id)];
    const shared = await nonceFor(server, CARDS.mastercard);
    const answers = await Promise.all(links.map((link) => store(link, shared)));
    expect(answers.filter((a) => a.body.isSuccess)).toHaveLength(1);
    expect(await cardsOnFile(other.id)).toBe(1);
  });
});

// Last: it moves the clock.
describe('a card entry’s 15 minutes', () => {
  it('is forgotten after them: the row is deleted, and the nonce answers as expired', async () => {
    const nonce = await nonceFor(server, CARDS.visa);
    const quoted = await server.call('POST', '/api/transaction/virtualTerminal/quote', {
      token: frontdesk,
      body: { amount: 1_000, nonce },
    });
    expect(quoted.body.isSuccess).toBe(true);
    const kept = await server.ctx.db
      .select()
      .from(cardEntries)
      .where(eq(cardEntries.use, 'virtual-terminal'));
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) {
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(CARD_ENTRY_TTL_MS);
    }

    await server.ctx.clock.advance(CARD_ENTRY_TTL_MS + 1_000);
    await runDueJobs(server.ctx);
    expect((await server.ctx.db.select({ n: count() }).from(cardEntries))[0]!.n).toBe(0);

    const late = await server.call('POST', '/api/transaction/virtualTerminal', {
      token: frontdesk,
      body: { amount: 1_000, total: 1_030, nonce },
      headers: idempotencyKey(),
    });
    expect(late.body).toMatchObject({ isSuccess: false, errors: [CARD_ENTRY_EXPIRED] });
  });
});
