/**
 * Refunds and voids over HTTP (part 2, "Refund / Void form", sections 6 to 9): Chairside's ledger
 * settles concurrent refunds before the card provider is asked; the refund's pay splits in the
 * practice system (getOpenDentalPayment, chosen or prorated, written back through the connector);
 * the messages; roles and practices; a plan payment's void.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDentalPayment } from '../../embed-sdk/contract/transaction.js';
import { settlementCutOff } from '../../server/card-provider/settlement.js';
import type { CardGateway } from '../../server/context.js';
import {
  paySplits,
  practicePayments,
  refundReservations,
  refunds,
  transactions,
} from '../../server/db/schema/index.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { runDuePostings } from '../../server/practice-system/connector.js';
import {
  CARDS,
  createRequest,
  hubListener,
  idempotencyKey,
  newCustomer,
  payWithCard,
} from '../support/payments.js';
import { getPlan, newPlan, storedCard } from '../support/plans.js';
import { refundTooLargeMessage } from '../../embed-sdk/rules/refundAmounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
let admin: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  [frontdesk, admin, viewer] = await Promise.all([
    server.tokenFor('frontdesk'),
    server.tokenFor('admin'),
    server.tokenWithTerms('viewer'),
  ]);
});
afterAll(() => server?.close());
beforeEach(async () => {
  await postEverythingDue();
});

const postEverythingDue = () =>
  runDuePostings(server.ctx, { now: new Date(server.ctx.clock.now().getTime() + 60_000) });

/** A Bright Smiles patient's card payment of `amount` (plus the 3 % surcharge) on the payment page. */
async function cardPayment(amount: number) {
  const customer = await newCustomer(server, frontdesk);
  const { linkToken } = await createRequest(server, frontdesk, customer, amount);
  const paid = await payWithCard(server, linkToken, CARDS.visa);
  expect(paid.body.isSuccess, JSON.stringify(paid.body)).toBe(true);
  const [t] = await server.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.referenceId, paid.body.value!.referenceId));
  return t!;
}

/** Moves the sandbox clock past the provider's batch cut-off that settles this payment. */
async function settle(t: { created: Date }) {
  const after = settlementCutOff(t.created).getTime() + 60_000 - server.ctx.clock.now().getTime();
  if (after > 0) await server.ctx.clock.advance(after);
}

function refund(
  token: string,
  body: { id: string; refundAmount: number; action?: 'REFUND' | 'VOID'; [k: string]: unknown },
) {
  return server.call<{
    isApproved: boolean;
    statusMessage: string;
    refundAmount: number;
    orderAmount: number;
    surchargeAmount: number;
    paymentPlanStatus: string | null;
  }>('POST', '/api/transaction/refundVoid', {
    token,
    headers: idempotencyKey(),
    body: { action: 'REFUND', ...body },
  });
}

/** Counts the provider's refunds; `answer` replaces the provider's own answer when given. */
function countProviderRefunds(answer?: CardGateway['refund']) {
  const cards = server.ctx.cards;
  const original = cards.refund.bind(cards);
  const calls: number[] = [];
  cards.refund = async (input) => {
    calls.push(input.amount);
    return (answer ?? original)(input);
  };
  return { calls, restore: () => void (cards.refund = original) };
}

async function refundedTotal(transactionId: number) {
  const rows = await server.ctx.db.select().from(refunds).where(eq(refunds.transactionId, transactionId));
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

describe('twenty refunds of one payment at once', () => {
  it('are settled by the ledger: never more than was paid, and the provider is asked only for what it allows', async () => {
    const t = await cardPayment(10_000);
    await settle(t);
    const provider = countProviderRefunds();
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          refund(frontdesk, { id: t.transactionResultId, refundAmount: 3_000 }),
        ),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const approved = answers.filter((a) => a.body.isSuccess);
      expect(approved).toHaveLength(3);
      // The refund form's words (embed-sdk/rules): order amounts, the original and what is left.
      const left = await server.ctx.db.select().from(refunds).where(eq(refunds.transactionId, t.id));
      const leftOrder = 10_000 - left.reduce((sum, r) => sum + r.orderAmount, 0);
      expect(new Set(answers.filter((a) => !a.body.isSuccess).map((a) => a.body.errors[0]))).toEqual(
        new Set([refundTooLargeMessage({ orderAmount: 10_000, leftOrderAmount: leftOrder })]),
      );
      expect(provider.calls).toEqual([3_000, 3_000, 3_000]);
    } finally {
      provider.restore();
    }
    expect(await refundedTotal(t.id)).toBe(9_000);
    expect(await server.ctx.db.select().from(refundReservations)).toEqual([]);
  });

  it('are refused by the ledger even when the provider would accept them all', async () => {
    const t = await cardPayment(10_000);
    await settle(t);
    let n = 0;
    // A provider that takes its time, as a real one does, so that the requests overlap.
    const provider = countProviderRefunds(async () => {
      await new Promise((r) => setTimeout(r, 100));
      return {
        approved: true,
        referenceId: `LENIENT-${++n}-${t.id}`,
        transactionResultId: `lenient-${n}`,
        reason: null,
      };
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          refund(frontdesk, { id: t.transactionResultId, refundAmount: 3_000 }),
        ),
      );
      expect(answers.filter((a) => a.body.isSuccess)).toHaveLength(3);
      expect(provider.calls).toHaveLength(3);
    } finally {
      provider.restore();
    }
    expect(await refundedTotal(t.id)).toBe(9_000);
  });

  it('releases what the provider refused, so it can be refunded again', async () => {
    const t = await cardPayment(4_000);
    await settle(t);
    const provider = countProviderRefunds(async () => ({
      approved: false,
      referenceId: 'DECLINED',
      transactionResultId: 'declined',
      reason: 'No',
    }));
    try {
      const refused = await refund(frontdesk, { id: t.transactionResultId, refundAmount: 4_120 });
      expect(refused.body.errors).toEqual(['This transaction could not be refunded']);
    } finally {
      provider.restore();
    }
    const again = await refund(frontdesk, { id: t.transactionResultId, refundAmount: 4_120 });
    expect(again.body).toMatchObject({ isSuccess: true, value: { statusMessage: 'Transaction Refunded' } });
  });
});

describe('the messages', () => {
  it('names the original amount, then what is left, and refuses past 180 days', async () => {
    const t = await cardPayment(10_000);
    await settle(t);
    const tooMuch = await refund(frontdesk, { id: t.transactionResultId, refundAmount: 10_301 });
    expect(tooMuch.body).toMatchObject({
      isSuccess: false,
      // The spec's words, naming the original amount as the form does: before the surcharge.
      errors: ['The refund cannot exceed the original transaction amount of $100.00'],
    });
    const half = await refund(frontdesk, { id: t.transactionResultId, refundAmount: 5_150 });
    expect(half.body).toMatchObject({
      isSuccess: true,
      value: {
        statusMessage: 'Transaction Refunded',
        refundAmount: 5_150,
        orderAmount: 5_000,
        surchargeAmount: 150,
      },
    });
    const rest = await refund(frontdesk, { id: t.transactionResultId, refundAmount: 5_151 });
    expect(rest.body.errors).toEqual([
      'The refund cannot exceed the original transaction amount of $100.00; $50.00 is left to refund.',
    ]);

    const old = await cardPayment(2_000);
    await server.ctx.db
      .update(transactions)
      .set({ created: new Date(server.ctx.clock.now().getTime() - 181 * 86_400_000) })
      .where(eq(transactions.id, old.id));
    const late = await refund(frontdesk, { id: old.transactionResultId, refundAmount: 1_000 });
    expect(late.body.errors).toEqual([
      'This transaction is older than 180 days and can no longer be refunded.',
    ]);
  });
});

describe('pay splits in the practice system', () => {
  const openDental = (token: string, transactionId: number) =>
    server.call<{ payment: OpenDentalPayment | null }>(
      'GET',
      `/api/transaction/getOpenDentalPayment?transactionId=${transactionId}`,
      { token },
    );

  it('prorates a refund across the splits and writes the negative splits back, posted live', async () => {
    const t = await cardPayment(10_000);
    expect((await openDental(frontdesk, t.id)).body.value).toEqual({ payment: null });
    await postEverythingDue();
    const before = (await openDental(frontdesk, t.id)).body.value!.payment!;
    expect(before).toMatchObject({ isSplit: false });
    expect(before.paySplits.map((s) => [s.descript, s.ogSplitAmt, s.splitAmt])).toEqual([
      ['Surcharge', 300, 300],
      ['Unallocated', 10_000, 10_000],
    ]);

    await settle(t);
    const hub = await hubListener(server, frontdesk, ['TransactionProcessed']);
    const done = await refund(frontdesk, { id: t.transactionResultId, refundAmount: 5_150 });
    expect(done.body.isSuccess).toBe(true);
    const [pending] = await server.ctx.db.select().from(transactions).where(eq(transactions.id, t.id));
    expect(pending!.practiceManagementStatus).toBe(0);
    await postEverythingDue();
    await hub.waitFor(
      'TransactionProcessed',
      (e: {
        transactionId: number;
        refundVoidReferenceId: string | null;
        practiceManagementStatus: number;
      }) => e.transactionId === t.id && e.refundVoidReferenceId !== null && e.practiceManagementStatus === 2,
    );
    await hub.stop();
    const after = (await openDental(frontdesk, t.id)).body.value!.payment!;
    expect(after.paySplits.map((s) => [s.descript, s.ogSplitAmt, s.splitAmt])).toEqual([
      ['Surcharge', 300, 150],
      ['Unallocated', 10_000, 5_000],
    ]);
  });

  it('refunds the procedures the refund form chose, and refuses a choice that does not add up', async () => {
    // A seeded payment of Bright Smiles split across procedures, settled, inside the refund window.
    const [seeded] = await server.ctx.db
      .select({ t: transactions, paymentId: practicePayments.id })
      .from(transactions)
      .innerJoin(practicePayments, eq(practicePayments.transactionId, transactions.id))
      .where(
        and(
          eq(transactions.companyId, 1),
          eq(transactions.status, 'APPROVED'),
          sql`${transactions.source} not in ('PAYMENTPLAN', 'MEMBERSHIP')`,
          sql`(${transactions.settledAt} is not null or ${transactions.fundingSource} <> 'CARD')`,
          sql`${transactions.created} > now() - interval '150 days'`,
          sql`not exists (select 1 from ${refunds} where ${refunds.transactionId} = ${transactions.id})`,
          sql`(select count(*) from ${paySplits} where ${paySplits.paymentId} = ${practicePayments.id} and ${paySplits.procNum} is not null) >= 2`,
        ),
      )
      .limit(1);
    expect(seeded, 'the demo has a settled payment split across procedures').toBeDefined();
    const t = seeded!.t;
    const payment = (await openDental(frontdesk, t.id)).body.value!.payment!;
    expect(payment.isSplit).toBe(true);
    const procedures = payment.paySplits.filter((s) => !/surcharge/i.test(s.descript));
    expect(procedures.every((s) => s.procCode !== null || s.procNum === null)).toBe(true);
    const first = procedures.find((s) => s.procNum !== null)!;

    const wrong = await refund(frontdesk, {
      id: t.transactionResultId,
      refundAmount: first.splitAmt,
      isSplit: true,
      procedures: [{ splitNum: first.splitNum, amount: first.splitAmt - 1 }],
    });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(wrong.body.errors[0]).toMatch(/^body\.procedures: The refunds of the procedures must add up/);

    // The whole of the first procedure's split, with its surcharge.
    const surcharge = Math.round(
      (first.splitAmt * Math.round((t.surchargeAmount / t.orderAmount) * 10_000)) / 10_000,
    );
    const chosen = await refund(frontdesk, {
      id: t.transactionResultId,
      refundAmount: first.splitAmt + surcharge,
      isSplit: true,
      procedures: [{ splitNum: first.splitNum, amount: first.splitAmt }],
    });
    expect(chosen.body, JSON.stringify(chosen.body)).toMatchObject({
      isSuccess: true,
      value: { orderAmount: first.splitAmt, surchargeAmount: surcharge },
    });
    await postEverythingDue();
    const after = (await openDental(frontdesk, t.id)).body.value!.payment!;
    expect(after.paySplits.find((s) => s.splitNum === first.splitNum)!.splitAmt).toBe(0);
    for (const other of procedures.filter((s) => s.splitNum !== first.splitNum)) {
      expect(after.paySplits.find((s) => s.splitNum === other.splitNum)!.splitAmt).toBe(other.splitAmt);
    }
  });

  it("answers another practice's transaction as one that does not exist", async () => {
    const t = await cardPayment(1_000);
    await server.call('POST', '/api/auth/login-company', { token: admin, body: { companyId: 2 } });
    try {
      const missing = await openDental(admin, 2_147_483_000);
      const foreign = await openDental(admin, t.id);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    } finally {
      await server.call('POST', '/api/auth/login-company', { token: admin, body: { companyId: 1 } });
    }
  });
});

describe('roles', () => {
  it('refuses the viewer a refund and the front desk a void', async () => {
    const t = await cardPayment(1_000);
    const byViewer = await refund(viewer, { id: t.transactionResultId, refundAmount: 1_030 });
    expect(byViewer.status).toBe(403);
    const voidByFrontDesk = await refund(frontdesk, {
      id: t.transactionResultId,
      refundAmount: 1_030,
      action: 'VOID',
    });
    expect(voidByFrontDesk.status).toBe(403);
    const voided = await refund(admin, { id: t.transactionResultId, refundAmount: 1_030, action: 'VOID' });
    expect(voided.body).toMatchObject({ isSuccess: true, value: { statusMessage: 'Transaction Voided' } });
  });
});

describe("a plan payment's void", () => {
  it('leaves a past-due balance and reactivates the completed plan; a part is refused', async () => {
    const customer = await newCustomer(server, frontdesk);
    const card = await storedCard(server, frontdesk, customer.id, CARDS.visa);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 10_000,
      cycleCount: 1,
      firstBillingDate: server.ctx.clock.today(),
      customerSavedCardId: card.id,
    });
    expect(plan.status).toBe('COMPLETE');
    const paid = plan.ledgerDtos[0]!;
    const part = await refund(admin, { id: paid.transactionResultId!, refundAmount: 1_000, action: 'VOID' });
    // A void is always the whole payment; a refund in part is refused for a plan payment.
    expect(part.body.isSuccess).toBe(true);
    expect(part.body.value).toMatchObject({ refundAmount: paid.amount, paymentPlanStatus: 'ACTIVE' });
    const after = await getPlan(server, frontdesk, plan.id);
    expect(after).toMatchObject({ status: 'ACTIVE', balancePastDue: 10_000 });

    const other = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 10_000,
      cycleCount: 1,
      firstBillingDate: addDays(server.ctx.clock.today(), 0),
      customerSavedCardId: card.id,
    });
    await settle({ created: new Date(other.ledgerDtos[0]!.dateTime) });
    const partial = await refund(frontdesk, {
      id: other.ledgerDtos[0]!.transactionResultId!,
      refundAmount: 1_000,
    });
    expect(partial.body.errors).toEqual([
      'Payment plan and membership payments cannot be partially refunded.',
    ]);
  });
});
