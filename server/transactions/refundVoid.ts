/**
 * Refunds and voids of the practice's payments (refundVoid, and the plan ledger's cash and check
 * refunds), whatever their source.
 *
 * Chairside's own ledger settles concurrent refunds, not the card provider: under the payment's row
 * lock, what was refunded and what other requests hold (refund reservations) is counted, the request
 * is refused or its amount reserved, and only then is the provider asked (outside any database
 * transaction, with an idempotency key derived from the request's: a repeat is the same refund). The
 * provider's answer turns the reservation into a refund row, or releases it. So twenty refunds at
 * once never give back more than was paid, and the provider is asked only for what the ledger allows.
 *
 * A refund or void of a payment in the practice system is written back there through the connector
 * (a REFUND or VOID posting, with the pay splits the refund form chose, or prorated). What the
 * payment's source does afterwards (a plan's rows owed again) is its hook's (sourceHooks.ts), in the
 * same database transaction.
 */
import { IMPORTED_PAYMENT_REFUSAL, isImportedPayment } from '../../embed-sdk/rules/refundWindow.js';
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
import { BadRequestError, BusinessError } from '../errors.js';
import { chosenSplitsProblemOf } from '../practice-system/payments.js';
import { queueRefund, wasQueuedForPracticeSystem } from '../practice-system/queue.js';
import { findPractice } from '../practices/store.js';
import { announceTransaction } from './announce.js';
import { sourceHookFor, type SourceAfterRefund } from './sourceHooks.js';
import {
  findRefundByRequestKey,
  findReservation,
  lockTransaction,
  markSettled,
  recordRefund,
  refundTotalsOf,
  releaseRefund,
  reservationsOf,
  reserveRefund,
  setPracticeManagementStatus,
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
  /** Open Dental: what each pay split gives back (they add up to the refund less its surcharge). */
  procedures?: { splitNum: number; amount: number }[];
}

export interface RefundVoidResult {
  referenceId: string;
  parts: RefundedParts;
  paymentPlanStatus: PlanStatus | null;
  membershipStatus: SourceAfterRefund['membershipStatus'];
  statusMessage: string;
}

async function paymentState(
  db: Db | Tx,
  practice: PracticeId,
  t: TransactionRecord,
): Promise<PaymentToRefund> {
  const back = (await refundTotalsOf(db, practice, [t.id])).get(t.id);
  const held = await reservationsOf(db, practice, t.id);
  const heldRefunds = held.filter((r) => r.type === 'REFUNDED');
  const sum = (pick: (r: (typeof held)[number]) => number) => heldRefunds.reduce((n, r) => n + pick(r), 0);
  const refunded = back?.type === 'REFUNDED' ? back : { amount: 0, orderAmount: 0, surchargeAmount: 0 };
  return {
    status: t.status as PaymentToRefund['status'],
    fundingSource: t.fundingSource as PaymentToRefund['fundingSource'],
    source: t.source,
    created: t.created,
    amount: t.amount,
    orderAmount: t.orderAmount,
    surchargeAmount: t.surchargeAmount,
    refundedAmount: refunded.amount + sum((r) => r.amount),
    refundedOrderAmount: refunded.orderAmount + sum((r) => r.orderAmount),
    refundedSurcharge: refunded.surchargeAmount + sum((r) => r.surchargeAmount),
    voided: back?.type === 'VOIDED' || held.some((r) => r.type === 'VOIDED'),
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
 * Test seam: the tests stop a refund where a killed server would, after its amount is reserved or
 * after the provider answered (tests/api/interrupted-requests.test.ts).
 */
export const refundSeam: {
  afterReserve: (() => void | Promise<void>) | null;
  afterProvider: (() => void | Promise<void>) | null;
} = { afterReserve: null, afterProvider: null };

/**
 * Refunds or voids a payment of the practice. The caller has checked the role for the action and
 * found the payment within the practice.
 *
 * Run again with the same request key (its server stopped under it, route.ts `resumable`), it does
 * each step at most once: a refund recorded under the key is answered as it is; a reservation held
 * under the key skips the ledger's check (the reservation is that check's outcome, and counting it
 * would refuse the request its own amount) and asks the provider again with the same key, which
 * answers the refund it made, if it made one, rather than making another.
 */
export async function refundOrVoid(
  ctx: AppContext,
  practice: PracticeId,
  t: TransactionRecord,
  request: RefundVoidRequest,
): Promise<RefundVoidResult> {
  const type = request.action === 'VOID' ? 'VOIDED' : 'REFUNDED';
  const key = `${request.action.toLowerCase()}:${t.id}:${request.requestKey}`;
  const hook = sourceHookFor(t.source);

  const recorded = await findRefundByRequestKey(ctx.db, practice, key);
  if (recorded) {
    const state = hook
      ? await hook.stateOf(ctx.db, practice, t)
      : { paymentPlanStatus: null, membershipStatus: null };
    return {
      referenceId: recorded.referenceId,
      parts: {
        amount: recorded.amount,
        orderAmount: recorded.orderAmount,
        surchargeAmount: recorded.surchargeAmount,
      },
      ...state,
      statusMessage: statusMessage(request.action),
    };
  }

  if (isImportedPayment(t)) throw new BusinessError(IMPORTED_PAYMENT_REFUSAL);
  const company = (await findPractice(ctx.db, practice))!;
  const isSettled = await isSettledNow(ctx, company.businessId, t);

  // 1. The ledger: refuse, or hold the amount, under the payment's lock (a re-run holds it already).
  const reserved = await findReservation(ctx.db, practice, key);
  const parts: RefundedParts = reserved
    ? {
        amount: reserved.amount,
        orderAmount: reserved.orderAmount,
        surchargeAmount: reserved.surchargeAmount,
      }
    : await reserveOrRefuse(ctx, practice, t, request, { type, key, isSettled });
  await refundSeam.afterReserve?.();

  // 2. The provider, for card payments; a refusal or a failure releases the reservation.
  let result: ChargeResult;
  try {
    result = await askProvider(ctx, company.businessId, t, request.action, parts.amount, key);
  } catch (error) {
    await releaseRefund(ctx.db, practice, key);
    throw error;
  }
  await refundSeam.afterProvider?.();

  // 3. The refund row, the practice system's posting and the source's change, together.
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const { paymentPlanStatus, membershipStatus, row } = await ctx.db.transaction(async (tx) => {
    await lockTransaction(tx, practice, t.id);
    await releaseRefund(tx, practice, key);
    let row: TransactionRecord = t;
    // Another run of the same request may have recorded it while this one waited for the provider.
    if (!(await findRefundByRequestKey(tx, practice, key))) {
      await recordRefund(tx, practice, {
        transactionId: t.id,
        type,
        amount: parts.amount,
        orderAmount: parts.orderAmount,
        surchargeAmount: parts.surchargeAmount,
        referenceId: result.referenceId,
        created: now,
        createdByUserId: request.userId,
        requestKey: key,
      });
      if (t.fundingSource === 'CARD' && isSettled && t.settledAt === null) {
        // The provider does not say when; settled by now is what is known.
        await markSettled(tx, practice, t.id, now);
      }
      if (await wasQueuedForPracticeSystem(tx, practice, t.id)) {
        await queueRefund(
          tx,
          practice,
          { transactionId: t.id, type, at: now },
          {
            refundReferenceId: result.referenceId,
            orderAmount: parts.orderAmount,
            surchargeAmount: parts.surchargeAmount,
            ...(request.procedures?.length ? { splits: request.procedures } : {}),
          },
        );
        // Pending again until the connector has written the refund back.
        row = (await setPracticeManagementStatus(tx, practice, t.id, 0)) ?? t;
      }
    }
    if (!hook) return { paymentPlanStatus: null, membershipStatus: null, row };
    const after = await hook.afterRefundOrVoid(ctx, {
      tx,
      practice,
      payment: t,
      setActive: request.setActive,
      now,
      today,
    });
    return { ...after, row };
  });
  announceTransaction(ctx, row, result.referenceId);
  return {
    referenceId: result.referenceId,
    parts,
    paymentPlanStatus,
    membershipStatus,
    statusMessage: statusMessage(request.action),
  };
}

/** The ledger's step: the amount held under the request's key, or the refusal. */
async function reserveOrRefuse(
  ctx: AppContext,
  practice: PracticeId,
  t: TransactionRecord,
  request: RefundVoidRequest,
  { type, key, isSettled }: { type: 'REFUNDED' | 'VOIDED'; key: string; isSettled: boolean },
): Promise<RefundedParts> {
  return ctx.db.transaction(async (tx) => {
    await lockTransaction(tx, practice, t.id);
    const payment = await paymentState(tx, practice, t);
    const refusal = refusalToRefundOrVoid(payment, request.action, {
      isSettled,
      requested: request.action === 'VOID' ? payment.amount : request.refundAmount,
      now: ctx.clock.now(),
    });
    if (refusal) throw new BusinessError(refusal);
    const held: RefundedParts =
      request.action === 'VOID'
        ? {
            amount: payment.amount,
            orderAmount: payment.orderAmount,
            surchargeAmount: payment.surchargeAmount,
          }
        : refundParts(payment, request.refundAmount);
    if (request.action === 'REFUND' && request.procedures?.length) {
      const problem = await chosenSplitsProblemOf(tx, practice, t.id, request.procedures, held.orderAmount);
      if (problem) throw new BadRequestError('body.procedures', problem);
    }
    await reserveRefund(tx, practice, { transactionId: t.id, type, ...held, requestKey: key });
    return held;
  });
}

/** The card provider's refund or void; cash and checks have none (their reference is made here). */
async function askProvider(
  ctx: AppContext,
  businessId: string,
  t: TransactionRecord,
  action: RefundVoidAction,
  amount: number,
  key: string,
): Promise<ChargeResult> {
  if (t.fundingSource !== 'CARD') {
    return {
      approved: true,
      referenceId: referenceIdFor(businessId, 'REFUND', key),
      transactionResultId: '',
      reason: null,
    };
  }
  let result: ChargeResult;
  try {
    result =
      action === 'VOID'
        ? await ctx.cards.void({ businessId, referenceId: t.referenceId, idempotencyKey: key })
        : await ctx.cards.refund({ businessId, referenceId: t.referenceId, amount, idempotencyKey: key });
  } catch (error) {
    return providerRefusal(error, ctx);
  }
  if (!result.approved) throw new BusinessError(REFUND_MESSAGES.couldNotRefund);
  return result;
}
