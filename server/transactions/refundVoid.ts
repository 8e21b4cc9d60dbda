/**
 * Refunds and voids of the practice's payments (refundVoid, and the plan ledger's cash and check
 * refunds), whatever their source.
 *
 * A card payment is refunded or voided through the provider, outside any database transaction, with
 * an idempotency key derived from the request's: a repeat is the same refund. The provider is the
 * judge of what is left to refund or whether a sale was already voided, so two requests at once can
 * never refund more than was paid; a refusal is answered in the front desk's words. Cash and checks
 * have no provider: the payment's row is locked and what was refunded is counted again inside the
 * transaction that records the refund.
 *
 * What the payment's source does afterwards (a plan's rows owed again) is its hook's
 * (sourceHooks.ts), in the same database transaction.
 */
import { CardProviderError } from '../card-provider/gateway.js';
import { referenceIdFor } from '../card-provider/reference.js';
import { CARD_PROVIDER_UNAVAILABLE } from '../cardProviderFailure.js';
import type { AppContext, ChargeResult } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import type { PlanStatus } from '../domain/payment-plans/planStatus.js';
import {
  REFUND_MESSAGES,
  refundParts,
  refusalToRefundOrVoid,
  statusMessage,
  type PaymentToRefund,
  type RefundedParts,
  type RefundVoidAction,
} from '../domain/transactions/refundVoid.js';
import { BusinessError } from '../errors.js';
import { findPractice } from '../practices/store.js';
import { announceTransaction } from './announce.js';
import { sourceHookFor } from './sourceHooks.js';
import {
  hasRefund,
  lockTransaction,
  markSettled,
  recordRefund,
  refundTotalsOf,
  type TransactionRecord,
} from './store.js';

export interface RefundVoidRequest {
  action: RefundVoidAction;
  /** Surcharge included. */
  refundAmount: number;
  /** Re-activate what the payment paid for (its plan) if it is canceled. */
  setActive: boolean;
  requestKey: string;
  /** The person asking, recorded with the refund. */
  userId: number | null;
}

export interface RefundVoidResult {
  referenceId: string;
  parts: RefundedParts;
  paymentPlanStatus: PlanStatus | null;
  statusMessage: string;
}

async function paymentState(
  db: Db | Tx,
  practice: PracticeId,
  t: TransactionRecord,
): Promise<PaymentToRefund> {
  const back = (await refundTotalsOf(db, practice, [t.id])).get(t.id);
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
 * Refunds or voids a payment of the practice. The caller has checked the role for the action and
 * found the payment within the practice.
 */
export async function refundOrVoid(
  ctx: AppContext,
  practice: PracticeId,
  t: TransactionRecord,
  request: RefundVoidRequest,
): Promise<RefundVoidResult> {
  const company = (await findPractice(ctx.db, practice))!;
  const isSettled = await isSettledNow(ctx, company.businessId, t);
  const payment = await paymentState(ctx.db, practice, t);
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
  const hook = sourceHookFor(t.source);
  const paymentPlanStatus = await ctx.db.transaction(async (tx) => {
    await lockTransaction(tx, practice, t.id);
    if (!(await hasRefund(tx, practice, t.id, result.referenceId))) {
      // Cash and checks: counted again under the lock. Cards: the provider already said yes.
      if (t.fundingSource !== 'CARD') {
        const again = refuse(await paymentState(tx, practice, t));
        if (again) throw new BusinessError(again);
      }
      await recordRefund(tx, practice, {
        transactionId: t.id,
        type: request.action === 'VOID' ? 'VOIDED' : 'REFUNDED',
        amount: parts.amount,
        orderAmount: parts.orderAmount,
        surchargeAmount: parts.surchargeAmount,
        referenceId: result.referenceId,
        created: now,
        createdByUserId: request.userId,
      });
      if (t.fundingSource === 'CARD' && isSettled && t.settledAt === null) {
        // The provider does not say when; settled by now is what is known.
        await markSettled(tx, practice, t.id, now);
      }
    }
    if (!hook) return null;
    const after = await hook.afterRefundOrVoid(ctx, {
      tx,
      practice,
      payment: t,
      setActive: request.setActive,
      now,
      today,
    });
    return after.paymentPlanStatus;
  });
  announceTransaction(ctx, t, result.referenceId);
  return {
    referenceId: result.referenceId,
    parts,
    paymentPlanStatus,
    statusMessage: statusMessage(request.action),
  };
}
