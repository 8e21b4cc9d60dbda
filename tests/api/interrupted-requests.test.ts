/**
 * A request under way when its server stopped must not stay stuck (issue 22). The server that ran it
 * is played by another boot id written on its idempotency key (a dead process's), and the point where
 * it stopped by the plan charge's test seams (a seam that never returns, as a killed process never
 * does). The retry with the same key is taken over at once, without the 15 s wait: it answers the
 * payment the first run recorded, or charges it once. A live owner's key is still waited for. The
 * same with a real kill -9: tests/api/killed-mid-payment.test.ts.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import {
  idempotencyKeys,
  paymentLedger,
  paymentPlans,
  providerCharges,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { INTERRUPTED } from '../../server/http/route.js';
import { chargeSeam } from '../../server/payment-plans/charges.js';
import { CARDS, idempotencyKey, newCustomer } from '../support/payments.js';
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
});

const DEAD_BOOT = 'a-server-that-was-killed';

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

/** The request's key as a server killed while running it leaves it: no answer, a dead owner. */
async function leftInFlightByDeadServer(key: Record<string, string>) {
  const where = eq(idempotencyKeys.key, key['idempotency-key']!);
  const [row] = await server.ctx.db
    .update(idempotencyKeys)
    .set({ status: null, response: null, owner: DEAD_BOOT })
    .where(where)
    .returning();
  expect(row, 'the key is recorded').toBeDefined();
}

/** A seam that stops the charge there until `release` is called; `reached` resolves when it is hit. */
function stopAt(seam: 'afterClaim' | 'afterCharge') {
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const hit = new Promise<void>((r) => (reached = r));
  chargeSeam[seam] = () => {
    chargeSeam[seam] = null; // the first run only: the retry passes
    reached();
    return released;
  };
  return { hit, release };
}

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
    await leftInFlightByDeadServer(key);

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
      const stop = stopAt(seam);
      const stopped = processBalance(key, body);
      await stop.hit;
      await leftInFlightByDeadServer(key);

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
    const stop = stopAt('afterClaim');
    const stopped = processBalance(key, body);
    await stop.hit;
    // Killed before it claimed the plan: only its key is left.
    await server.ctx.db.update(paymentPlans).set({ pendingCharge: null }).where(eq(paymentPlans.id, plan.id));
    await leftInFlightByDeadServer(key);

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
    await leftInFlightByDeadServer(key);
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
    await leftInFlightByDeadServer(key);
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
    await leftInFlightByDeadServer(key);

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
      const stop = stopAt(seam);
      const stopped = processPaymentNow(key, detail.id);
      await stop.hit;
      await leftInFlightByDeadServer(key);

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
    const stop = stopAt('afterCharge');
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
