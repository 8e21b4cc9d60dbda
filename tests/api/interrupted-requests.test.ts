/**
 * A request under way when its server stopped must not stay stuck (issue 22). The server that ran it
 * is played by another boot id written on its idempotency key (a dead process's), and the point where
 * it stopped by the plan charge's test seams (a seam that never returns, as a killed process never
 * does). The retry with the same key is taken over at once, without the 15 s wait: it answers the
 * payment the first run recorded, or charges it once. A live owner's key is still waited for. The
 * same with a real kill -9: tests/api/killed-mid-payment.test.ts.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import {
  idempotencyKeys,
  paymentLedger,
  paymentPlans,
  providerCharges,
  refundReservations,
  refunds,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { settlementCutOff } from '../../server/card-provider/settlement.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { INTERRUPTED } from '../../server/http/route.js';
import { chargeSeam } from '../../server/payment-plans/charges.js';
import { refundSeam } from '../../server/transactions/refundVoid.js';
import { CARDS, idempotencyKey, newCustomer } from '../support/payments.js';
import { leftInFlightByDeadServer, stopAt } from '../support/interrupted.js';
import { getPlan, newPlan, storedCard } from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  frontdesk = await server.tokenFor('frontdesk');
});
afterAll(() => server?.close());
afterEach(() => {
  chargeSeam.afterClaim = null;
  chargeSeam.afterCharge = null;
  refundSeam.afterReserve = null;
  refundSeam.afterProvider = null;
});

type Outcome = { isApproved: boolean; referenceId: string; total: number };
type Answer = { outcome: Outcome | null; plan: PaymentPlan };

async function cardPlan() {
  const customer = await newCustomer(server, frontdesk);
  const card = await storedCard(server, frontdesk, customer.id, CARDS.visa);
  const plan = await newPlan(server, frontdesk, {
    customerId: customer.id,
    total: 60_000,
    cycleCount: 3,
    firstBillingDate: addDays(server.ctx.clock.today(), 10),
    customerSavedCardId: card.id,
  });
  return { plan, card };
}

function processBalance(key: Record<string, string>, body: Record<string, unknown>) {
  return server.call<Answer>('POST', '/api/PaymentPlan/processBalance', {
    token: frontdesk,
    headers: key,
    body,
  });
}

const leftInFlight = (key: Record<string, string>) => leftInFlightByDeadServer(server, key);
const stopCharge = (seam: 'afterClaim' | 'afterCharge') => stopAt(chargeSeam, seam);

/** What the provider sold on this card, and what Chairside recorded for the plan. */
async function countsFor(planId: number, cardId: number) {
  const [card] = await server.ctx.db.select().from(savedCards).where(eq(savedCards.id, cardId));
  const [sales] = await server.ctx.db
    .select({ n: count() })
    .from(providerCharges)
    .where(and(eq(providerCharges.token, card!.providerToken), eq(providerCharges.kind, 'SALE')));
  const [recorded] = await server.ctx.db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.paymentPlanId, planId));
  return { sales: sales!.n, transactions: recorded!.n };
}

describe('a payment whose server stopped, retried with the same Idempotency-Key', () => {
  it('answers at once with the payment the first run committed, and charges nothing more', async () => {
    const { plan, card } = await cardPlan();
    const key = idempotencyKey();
    // The whole balance: a second charge would be refused as more than the balance, so only the
    // recorded payment can be the answer.
    const body = {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: card.id,
      amount: plan.balanceDue,
    };
    const first = await processBalance(key, body);
    expect(first.body.value!.outcome!.isApproved).toBe(true);
    // Killed after its payment was committed, before its answer was written.
    await leftInFlight(key);

    const t0 = performance.now();
    const retry = await processBalance(key, body);
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(retry.status).toBe(200);
    expect(retry.body.value!.outcome).toEqual(first.body.value!.outcome);
    expect(retry.body.value!.plan).toMatchObject({ balanceDue: 0, paidToDate: plan.balanceDue });
    expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });
    // The key is answered from now on, as any finished request's.
    const [row] = await server.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key['idempotency-key']));
    expect(row).toMatchObject({ status: 200, owner: null });
  });

  it.each(['afterClaim', 'afterCharge'] as const)(
    'stopped %s: charges the card once and records the payment once',
    async (seam) => {
      const { plan, card } = await cardPlan();
      const key = idempotencyKey();
      const body = {
        paymentPlanId: plan.id,
        paymentType: 'CARDONFILE',
        customerSavedCardId: card.id,
        amount: 7_000,
      };
      const stop = stopCharge(seam);
      const stopped = processBalance(key, body);
      await stop.hit;
      await leftInFlight(key);

      const t0 = performance.now();
      const retry = await processBalance(key, body);
      expect(performance.now() - t0).toBeLessThan(2_000);
      expect(retry.status).toBe(200);
      expect(retry.body.value!.outcome).toMatchObject({ isApproved: true, total: 7_210 });
      expect(retry.body.value!.plan).toMatchObject({ paidToDate: 7_000, chargeInProgress: false });
      expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });

      // The stopped run, let go (a killed process never is): the same payment, nothing more.
      stop.release();
      expect((await stopped).body.value!.outcome).toEqual(retry.body.value!.outcome);
      expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });
    },
  );

  it('runs a request that had done nothing yet, and charges once', async () => {
    const { plan, card } = await cardPlan();
    const key = idempotencyKey();
    const body = {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: card.id,
      amount: 5_000,
    };
    const stop = stopCharge('afterClaim');
    const stopped = processBalance(key, body);
    await stop.hit;
    // Killed before it claimed the plan: only its key is left.
    await server.ctx.db.update(paymentPlans).set({ pendingCharge: null }).where(eq(paymentPlans.id, plan.id));
    await leftInFlight(key);

    const retry = await processBalance(key, body);
    expect(retry.body.value!.outcome).toMatchObject({ isApproved: true });
    expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });
    stop.release();
    await stopped;
    expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });
    expect((await getPlan(server, frontdesk, plan.id)).paidToDate).toBe(5_000);
  });

  it('answers a cash payment the first run committed', async () => {
    const { plan, card } = await cardPlan();
    const key = idempotencyKey();
    const body = { paymentPlanId: plan.id, paymentType: 'CASH', amount: 2_500 };
    const first = await processBalance(key, body);
    await leftInFlight(key);
    const retry = await processBalance(key, body);
    expect(retry.status).toBe(200);
    expect(retry.body.value!.outcome).toEqual(first.body.value!.outcome);
    expect(await countsFor(plan.id, card.id)).toEqual({ sales: 0, transactions: 1 });
  });

  it('refuses at once to run an adjustment again, which has no key of its own', async () => {
    const { plan } = await cardPlan();
    const key = idempotencyKey();
    const body = {
      paymentPlanId: plan.id,
      paymentType: 'ADJ',
      type: 'CREDIT',
      amount: 1_000,
      description: 'Courtesy credit',
    };
    await processBalance(key, body);
    await leftInFlight(key);
    const t0 = performance.now();
    const retry = await processBalance(key, body);
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(retry.status).toBe(409);
    expect(retry.body.errors).toEqual([INTERRUPTED]);
    const adjustments = await server.ctx.db
      .select()
      .from(paymentLedger)
      .where(and(eq(paymentLedger.paymentPlanId, plan.id), eq(paymentLedger.kind, 'ADJUSTMENT')));
    expect(adjustments).toHaveLength(1);
  });
});

describe('Process Payment (the next scheduled payment now) whose server stopped, retried with its key', () => {
  function processPaymentNow(key: Record<string, string>, paymentPlanDetailId: number) {
    return server.call<Answer>('POST', '/api/paymentplan/processPaymentNow', {
      token: frontdesk,
      headers: key,
      body: { paymentPlanDetailId },
    });
  }
  const nextCycle = (plan: PaymentPlan) =>
    plan.paymentPlanDetails.find((d) => !d.processedToLedger && d.amountDue > 0)!;

  it('answers at once with the payment the first run committed, and charges nothing more', async () => {
    const { plan, card } = await cardPlan();
    const key = idempotencyKey();
    const detail = nextCycle(plan);
    const first = await processPaymentNow(key, detail.id);
    expect(first.body.value!.outcome!.isApproved).toBe(true);
    await leftInFlight(key);

    const t0 = performance.now();
    const retry = await processPaymentNow(key, detail.id);
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(retry.status).toBe(200);
    expect(retry.body.value!.outcome).toEqual(first.body.value!.outcome);
    expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });
  });

  it.each(['afterClaim', 'afterCharge'] as const)(
    'stopped %s: charges the card once and records the payment once',
    async (seam) => {
      const { plan, card } = await cardPlan();
      const key = idempotencyKey();
      const detail = nextCycle(plan);
      const stop = stopCharge(seam);
      const stopped = processPaymentNow(key, detail.id);
      await stop.hit;
      await leftInFlight(key);

      const t0 = performance.now();
      const retry = await processPaymentNow(key, detail.id);
      expect(performance.now() - t0).toBeLessThan(2_000);
      expect(retry.status).toBe(200);
      expect(retry.body.value!.outcome).toMatchObject({ isApproved: true });
      expect(retry.body.value!.plan).toMatchObject({ paidToDate: detail.amountDue, chargeInProgress: false });
      expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });

      stop.release();
      expect((await stopped).body.value!.outcome).toEqual(retry.body.value!.outcome);
      expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });
    },
  );
});

describe('a payment still under way on a live server', () => {
  it('is waited for, not taken over: the retry answers what the first request answers', async () => {
    const { plan, card } = await cardPlan();
    const key = idempotencyKey();
    const body = {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: card.id,
      amount: 3_000,
    };
    const stop = stopCharge('afterCharge');
    const first = processBalance(key, body);
    await stop.hit;
    let releasedAt = Infinity;
    const retry = processBalance(key, body).then((r) => ({ ...r, at: performance.now() }));
    await new Promise((r) => setTimeout(r, 700));
    const [row] = await server.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key['idempotency-key']));
    expect(row).toMatchObject({ status: null, owner: server.ctx.instance.bootId });
    releasedAt = performance.now();
    stop.release();
    const [a, b] = await Promise.all([first, retry]);
    expect(b.at).toBeGreaterThan(releasedAt);
    expect(b.body.value!.outcome).toEqual(a.body.value!.outcome);
    expect(await countsFor(plan.id, card.id)).toEqual({ sales: 1, transactions: 1 });
  });
});

describe('a refund whose server stopped, retried with the same Idempotency-Key', () => {
  type Refunded = { status: number; body: { isSuccess: boolean; value: unknown; errors: string[] } };
  interface Payment {
    t: typeof transactions.$inferSelect;
    /** The refund of the whole payment, by the route staff use for it. */
    refund(key: Record<string, string>): Promise<Refunded>;
    /** What the card provider is asked for it: one refund for a card, none for cash. */
    providerRefunds: number;
  }

  async function transactionOf(outcome: Outcome | null) {
    expect(outcome?.isApproved).toBe(true);
    const [t] = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceId, outcome!.referenceId));
    return t!;
  }

  /** A plan's card payment, settled by the provider: the refund form's Refund. */
  async function cardPayment(): Promise<Payment> {
    const { plan, card } = await cardPlan();
    const paid = await processBalance(idempotencyKey(), {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: card.id,
      amount: 7_000,
    });
    const t = await transactionOf(paid.body.value!.outcome);
    const after = settlementCutOff(t.created).getTime() + 60_000 - server.ctx.clock.now().getTime();
    if (after > 0) await server.ctx.clock.advance(after);
    return {
      t,
      providerRefunds: 1,
      refund: (key) =>
        server.call('POST', '/api/transaction/refundVoid', {
          token: frontdesk,
          headers: key,
          body: { id: t.transactionResultId, action: 'REFUND', refundAmount: t.amount, setActive: false },
        }) as Promise<Refunded>,
    };
  }

  /** A plan's cash payment: the ledger's Refund. */
  async function cashPayment(): Promise<Payment> {
    const { plan } = await cardPlan();
    const paid = await processBalance(idempotencyKey(), {
      paymentPlanId: plan.id,
      paymentType: 'CASH',
      amount: 2_500,
    });
    const t = await transactionOf(paid.body.value!.outcome);
    const item = paid.body.value!.plan.ledgerDtos.find((l) => l.status === 'APPROVED')!;
    return {
      t,
      providerRefunds: 0,
      refund: (key) =>
        server.call('POST', '/api/paymentplan/refund-cash-check', {
          token: frontdesk,
          headers: key,
          body: { paymentPlanId: plan.id, paymentLedgerId: item.id, amount: t.amount },
        }) as Promise<Refunded>,
    };
  }

  /** What the provider refunded of the payment, and what Chairside recorded. */
  async function refundsOf(t: Payment['t']) {
    const [provider] = await server.ctx.db
      .select({ n: count() })
      .from(providerCharges)
      .where(and(eq(providerCharges.parentReferenceId, t.referenceId), eq(providerCharges.kind, 'REFUND')));
    const [recorded] = await server.ctx.db
      .select({ n: count() })
      .from(refunds)
      .where(eq(refunds.transactionId, t.id));
    return { provider: provider!.n, recorded: recorded!.n };
  }

  const payments = [
    ['a card payment (Refund)', cardPayment],
    ['a cash payment (Refund on the ledger)', cashPayment],
  ] as const;

  describe.each(payments)('%s', (_, paid) => {
    it('answers at once with the refund the first run committed, and refunds nothing more', async () => {
      const payment = await paid();
      const key = idempotencyKey();
      const first = await payment.refund(key);
      expect(first.body.isSuccess, JSON.stringify(first.body)).toBe(true);
      // Killed after the refund was committed, before its answer was written.
      await leftInFlight(key);

      const t0 = performance.now();
      const retry = await payment.refund(key);
      expect(performance.now() - t0).toBeLessThan(2_000);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect(await refundsOf(payment.t)).toEqual({ provider: payment.providerRefunds, recorded: 1 });
    });

    it.each(['afterReserve', 'afterProvider'] as const)(
      'stopped %s: refunds once and records the refund once',
      async (seam) => {
        const payment = await paid();
        const key = idempotencyKey();
        const stop = stopAt(refundSeam, seam);
        const stopped = payment.refund(key);
        await stop.hit;
        await leftInFlight(key);

        const t0 = performance.now();
        const retry = await payment.refund(key);
        expect(performance.now() - t0).toBeLessThan(2_000);
        expect(retry.status).toBe(200);
        expect(retry.body.isSuccess, JSON.stringify(retry.body)).toBe(true);
        expect(await refundsOf(payment.t)).toEqual({ provider: payment.providerRefunds, recorded: 1 });
        const held = await server.ctx.db
          .select()
          .from(refundReservations)
          .where(eq(refundReservations.transactionId, payment.t.id));
        expect(held).toEqual([]);

        // The stopped run, let go (a killed process never is): the same refund, nothing more.
        stop.release();
        expect((await stopped).body.isSuccess).toBe(true);
        expect(await refundsOf(payment.t)).toEqual({ provider: payment.providerRefunds, recorded: 1 });
      },
    );

    it('runs a refund that had done nothing yet, and refunds once', async () => {
      const payment = await paid();
      const key = idempotencyKey();
      const stop = stopAt(refundSeam, 'afterReserve');
      const stopped = payment.refund(key);
      await stop.hit;
      // Killed before it reserved the amount: only its key is left.
      await server.ctx.db
        .delete(refundReservations)
        .where(like(refundReservations.requestKey, `%:${key['idempotency-key']}`));
      await leftInFlight(key);

      const retry = await payment.refund(key);
      expect(retry.status).toBe(200);
      expect(retry.body.isSuccess, JSON.stringify(retry.body)).toBe(true);
      expect(await refundsOf(payment.t)).toEqual({ provider: payment.providerRefunds, recorded: 1 });
      stop.release();
      await stopped;
      expect(await refundsOf(payment.t)).toEqual({ provider: payment.providerRefunds, recorded: 1 });
    });
  });
});
