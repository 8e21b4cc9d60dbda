/**
 * Refunds and voids (refundVoid, and the plan ledger's cash and check refunds).
 *
 * A card payment is given back through the provider, outside any database transaction, with an
 * idempotency key derived from the request's: a repeat is the same refund. The provider is the judge
 * of what is left to refund or whether a sale was already voided, so two requests at once can never
 * give back more than was paid; a refusal is answered in the front desk's words. Cash and checks have
 * no provider: the payment's row is locked and what was given back is counted again inside the
 * transaction that records the refund.
 *
 * A plan payment given back makes what it paid owed again (domain/planSchedule.ts revertPayment); a
 * COMPLETE plan becomes ACTIVE again, and `setActive` re-activates a canceled one.
 */
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../http/caller.js';
import { CardProviderError } from '../card-provider/gateway.js';
import { referenceIdFor } from '../card-provider/reference.js';
import type { AppContext, ChargeResult } from '../context.js';
import type { Tx } from '../db/client.js';
import { commitSchedule, givenBackOf, scheduleOf, type TransactionRecord } from '../db/paymentPlans.js';
import { asPracticeId } from '../db/scope.js';
import { findPractice } from '../practices/store.js';
import { paymentLedger, paymentPlans, refunds, transactions } from '../db/schema/index.js';
import { revertPayment, type ScheduleRow } from '../domain/payment-plans/scheduleChanges.js';
import type { PlanStatus } from '../domain/payment-plans/planStatus.js';
import {
  REFUND_MESSAGES,
  refundParts,
  refusalToRefundOrVoid,
  statusMessage,
  type RefundVoidAction,
  type RefundedParts,
  type PaymentToRefund,
} from '../domain/transactions/refundVoid.js';
import { CARD_PROVIDER_UNAVAILABLE } from '../cardProviderFailure.js';
import { BusinessError } from '../errors.js';
import { activatePlan } from './changes.js';
import { publishTransaction } from './records.js';

export interface GiveBackRequest {
  action: RefundVoidAction;
  /** Surcharge included. */
  refundAmount: number;
  /** Re-activate the payment's plan if it is canceled. */
  setActive: boolean;
  requestKey: string;
}

export interface GivenBackResult {
  referenceId: string;
  parts: RefundedParts;
  paymentPlanStatus: PlanStatus | null;
  statusMessage: string;
}

async function paymentState(db: AppContext['db'] | Tx, t: TransactionRecord): Promise<PaymentToRefund> {
  const back = (await givenBackOf(db, [t.id])).get(t.id);
  return {
    status: t.status as PaymentToRefund['status'],
    fundingSource: t.fundingSource as PaymentToRefund['fundingSource'],
    source: t.source,
    created: t.created,
    amount: t.amount,
    orderAmount: t.orderAmount,
    surchargeAmount: t.surchargeAmount,
    refundedAmount: back?.type === 'REFUNDED' ? back.amount : 0,
    refundedOrderAmount: back?.type === 'REFUNDED' ? back.orderAmount : 0,
    refundedSurcharge: back?.type === 'REFUNDED' ? back.surchargeAmount : 0,
    voided: back?.type === 'VOIDED',
  };
}

/** The provider's refusals in the front desk's words. */
function providerRefusal(error: unknown, ctx: AppContext): never {
  if (!(error instanceof CardProviderError)) throw error;
  ctx.log.warn(
    { status: error.status, code: error.code, err: error },
    'card provider refused a refund or void',
  );
  switch (error.code) {
    case 'SALE_VOIDED':
      throw new BusinessError(REFUND_MESSAGES.voided);
    case 'EXCEEDS_REFUNDABLE':
      throw new BusinessError(REFUND_MESSAGES.refunded);
    case 'SALE_NOT_SETTLED':
      throw new BusinessError(REFUND_MESSAGES.unsettled);
    case 'SALE_SETTLED':
      throw new BusinessError(REFUND_MESSAGES.settled);
    default:
      throw new BusinessError(
        error.status >= 500 ? CARD_PROVIDER_UNAVAILABLE : REFUND_MESSAGES.couldNotRefund,
      );
  }
}

/** Whether the provider has settled a card payment (what was recorded when it does not know it). */
async function isSettledNow(ctx: AppContext, businessId: string, t: TransactionRecord): Promise<boolean> {
  if (t.fundingSource !== 'CARD') return true;
  try {
    return await ctx.cards.isSettled({ businessId, referenceId: t.referenceId });
  } catch (error) {
    if (error instanceof CardProviderError && error.status === 404) return t.settledAt !== null;
    return providerRefusal(error, ctx);
  }
}

/**
 * Refunds or voids a transaction of the practice. The caller has checked the role for the action and
 * that the transaction is the practice's.
 */
export async function giveBack(
  ctx: AppContext,
  caller: Caller,
  t: TransactionRecord,
  request: GiveBackRequest,
): Promise<GivenBackResult> {
  const company = (await findPractice(ctx.db, asPracticeId(t.companyId)))!;
  const isSettled = await isSettledNow(ctx, company.businessId, t);
  const payment = await paymentState(ctx.db, t);
  const refuse = (state: PaymentToRefund) =>
    refusalToRefundOrVoid(state, request.action, {
      isSettled,
      requested: request.action === 'VOID' ? state.amount : request.refundAmount,
      now: ctx.clock.now(),
    });
  const refusal = refuse(payment);
  if (refusal) throw new BusinessError(refusal);
  const parts =
    request.action === 'VOID'
      ? { amount: payment.amount, orderAmount: payment.orderAmount, surchargeAmount: payment.surchargeAmount }
      : refundParts(payment, request.refundAmount);

  const key = `${request.action.toLowerCase()}:${t.id}:${request.requestKey}`;
  let result: ChargeResult;
  if (t.fundingSource === 'CARD') {
    try {
      const saleReference = t.referenceId;
      result =
        request.action === 'VOID'
          ? await ctx.cards.void({
              businessId: company.businessId,
              referenceId: saleReference,
              idempotencyKey: key,
            })
          : await ctx.cards.refund({
              businessId: company.businessId,
              referenceId: saleReference,
              amount: parts.amount,
              idempotencyKey: key,
            });
    } catch (error) {
      return providerRefusal(error, ctx);
    }
    if (!result.approved) throw new BusinessError(REFUND_MESSAGES.couldNotRefund);
  } else {
    result = {
      approved: true,
      referenceId: referenceIdFor(company.businessId, 'REFUND', key),
      transactionResultId: '',
      reason: null,
    };
  }

  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const paymentPlanStatus = await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.id, t.id))
      .for('update');
    const [already] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.transactionId, t.id), eq(refunds.referenceId, result.referenceId)));
    if (!already) {
      // Cash and checks: counted again under the lock. Cards: the provider already said yes.
      if (t.fundingSource !== 'CARD') {
        const again = refuse(await paymentState(tx, t));
        if (again) throw new BusinessError(again);
      }
      await tx.insert(refunds).values({
        companyId: t.companyId,
        transactionId: t.id,
        type: request.action === 'VOID' ? 'VOIDED' : 'REFUNDED',
        amount: parts.amount,
        orderAmount: parts.orderAmount,
        surchargeAmount: parts.surchargeAmount,
        referenceId: result.referenceId,
        created: now,
        createdByUserId: caller.userId,
      });
      if (t.fundingSource === 'CARD' && isSettled && t.settledAt === null) {
        // The provider does not say when; settled by now is what is known.
        await tx.update(transactions).set({ settledAt: now }).where(eq(transactions.id, t.id));
      }
    }
    if (t.paymentPlanId === null) return null;
    return owedAgain(tx, t, { now, today, setActive: request.setActive, ctx });
  });
  publishTransaction(ctx, t, result.referenceId);
  return {
    referenceId: result.referenceId,
    parts,
    paymentPlanStatus,
    statusMessage: statusMessage(request.action),
  };
}

/** The plan's rows the payment paid are owed again; the plan's status follows. */
async function owedAgain(
  tx: Tx,
  t: TransactionRecord,
  opts: { now: Date; today: string; setActive: boolean; ctx: AppContext },
): Promise<PlanStatus> {
  const [plan] = await tx
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.id, t.paymentPlanId!))
    .for('update');
  const [item] = await tx
    .select({ detailId: paymentLedger.paymentPlanDetailId })
    .from(paymentLedger)
    .where(eq(paymentLedger.transactionId, t.id));
  const before = await scheduleOf(tx, plan!.id);
  // Rows paid by this payment carry its reference; seeded cash cycles only the ledger's link.
  const paidBy = (row: ScheduleRow) =>
    row.referenceId === t.referenceId || (row.referenceId === null && row.id === item?.detailId);
  const after = revertPayment(before, paidBy, opts.today);
  let { status } = await commitSchedule(tx, plan!, before, after, opts);
  if (opts.setActive && status === 'INACTIVE') {
    await activatePlan(opts.ctx, plan!.companyId, plan!.id, tx);
    const [now] = await tx
      .select({ status: paymentPlans.status })
      .from(paymentPlans)
      .where(eq(paymentPlans.id, plan!.id));
    status = now!.status as PlanStatus;
  }
  return status;
}
