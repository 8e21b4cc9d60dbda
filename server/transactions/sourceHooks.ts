/**
 * What a payment's source does when the payment is refunded or voided: one hook per source, looked up
 * by the transaction's `source`. A payment plan makes what the payment paid owed again (its hook is
 * in payment-plans/); a membership that is not active is re-activated when the person asked for it
 * (memberships/refundHook.ts). Sources without a hook (a payment request, the virtual terminal) have
 * nothing to do.
 */
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import type { PlanStatus } from '../domain/payment-plans/planStatus.js';
import { membershipRefundHook } from '../memberships/refundHook.js';
import { paymentPlanRefundHook } from '../payment-plans/refundHook.js';
import type { TransactionRecord } from './store.js';

export interface RefundedPayment {
  /** The database transaction that recorded the refund or void: the source's change joins it. */
  tx: Tx;
  practice: PracticeId;
  payment: TransactionRecord;
  /** The person asked to re-activate what the payment paid for if it was canceled. */
  setActive: boolean;
  now: Date;
  today: string;
}

/** The source's state after the refund or void, as the refund's answer shows it. */
export interface SourceAfterRefund {
  paymentPlanStatus: PlanStatus | null;
  membershipStatus: 'ACTIVE' | 'INACTIVE' | 'EXPIRED' | 'AWAITINGPATIENT' | null;
}

export interface SourceHook {
  afterRefundOrVoid(ctx: AppContext, refunded: RefundedPayment): Promise<SourceAfterRefund>;
  /**
   * The source's state now, changing nothing: the answer of a refund recorded earlier, given again
   * to the same request run a second time (its server stopped before it answered).
   */
  stateOf(db: Db | Tx, practice: PracticeId, payment: TransactionRecord): Promise<SourceAfterRefund>;
}

const HOOKS: Partial<Record<TransactionSource, SourceHook>> = {
  PAYMENTPLAN: paymentPlanRefundHook,
  MEMBERSHIP: membershipRefundHook,
};

export function sourceHookFor(source: string): SourceHook | null {
  return HOOKS[source as TransactionSource] ?? null;
}
