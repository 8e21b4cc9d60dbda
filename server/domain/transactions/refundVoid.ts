/**
 * Refunds and voids of a payment (part 2, "Refund / Void form" and section 4). Pure.
 *
 * - A card payment is voided, in full, until the card provider's batch settles it; after that it is
 *   refunded. Cash and checks are refunded, never voided.
 * - PROCESSREFUND allows refunds, PROCESSVOID voids.
 * - A refund is possible for 180 days (`refundWindow.ts`); older payments are 'Refund Unavailable'.
 * - Payment plan and membership payments are refunded in full only; other payments may be refunded
 *   in parts, never beyond what was paid.
 * - Amounts include the surcharge; a refund returns the surcharge in the payment's proportion.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import { COULD_NOT_REFUND, refundTooLargeMessage } from '../../../embed-sdk/rules/refundAmounts.js';
import { isPastRefundWindow } from '../../../embed-sdk/rules/refundWindow.js';

export type RefundVoidAction = 'REFUND' | 'VOID';

export const REFUND_MESSAGES = {
  refundUnavailable: 'This transaction is older than 180 days and can no longer be refunded.',
  notApproved: 'Only an approved payment can be refunded or voided.',
  voided: 'This payment has already been voided.',
  refunded: 'This payment has already been refunded.',
  settled: 'This payment has settled: refund it instead.',
  unsettled: 'This payment has not settled yet: void it instead.',
  cashVoid: 'Cash and check payments are refunded, not voided.',
  partial: 'Payment plan and membership payments cannot be partially refunded.',
  couldNotRefund: COULD_NOT_REFUND,
} as const;

/** The server's status message in the 'Transaction Refunded' / 'Transaction Voided' dialog. */
export function statusMessage(action: RefundVoidAction): string {
  return action === 'VOID' ? 'Transaction Voided' : 'Transaction Refunded';
}

export function roleFor(action: RefundVoidAction): Role {
  return action === 'VOID' ? 'PROCESSVOID' : 'PROCESSREFUND';
}

/** What a payment allows: settled (or cash and check) → REFUND; unsettled card → VOID. */
export function refundVoidActionFor(
  fundingSource: 'CARD' | 'CASH' | 'CHECK',
  isSettled: boolean,
): RefundVoidAction {
  return fundingSource === 'CARD' && !isSettled ? 'VOID' : 'REFUND';
}

export interface PaymentToRefund {
  status: 'APPROVED' | 'DECLINED';
  fundingSource: 'CARD' | 'CASH' | 'CHECK';
  source: string;
  created: Date;
  /** Charged, surcharge included. */
  amount: number;
  orderAmount: number;
  surchargeAmount: number;
  /** Refunded so far, surcharge included, and its parts. */
  refundedAmount: number;
  refundedOrderAmount: number;
  refundedSurcharge: number;
  voided: boolean;
}

/** Plan and membership payments are all or nothing. */
export function isWholeOnly(source: string): boolean {
  return source === 'PAYMENTPLAN' || source === 'MEMBERSHIP';
}

/**
 * Why this refund or void cannot be done (null when it can). `isSettled` is the provider's answer for
 * a card payment; cash and checks count as settled. `requested` is the refund amount, surcharge
 * included (ignored for a void, which is always the whole payment).
 */
export function refusalToRefundOrVoid(
  payment: PaymentToRefund,
  action: RefundVoidAction,
  opts: { isSettled: boolean; requested: number; now: Date },
): string | null {
  if (payment.status !== 'APPROVED') return REFUND_MESSAGES.notApproved;
  if (payment.voided) return REFUND_MESSAGES.voided;
  const remaining = payment.amount - payment.refundedAmount;
  if (remaining <= 0) return REFUND_MESSAGES.refunded;
  if (action === 'VOID') {
    if (payment.fundingSource !== 'CARD') return REFUND_MESSAGES.cashVoid;
    if (opts.isSettled) return REFUND_MESSAGES.settled;
    if (payment.refundedAmount > 0) return REFUND_MESSAGES.refunded;
    return null;
  }
  if (isPastRefundWindow(payment.created, opts.now)) return REFUND_MESSAGES.refundUnavailable;
  if (payment.fundingSource === 'CARD' && !opts.isSettled) return REFUND_MESSAGES.unsettled;
  if (opts.requested > remaining) {
    // The form's words (embed-sdk/rules): order amounts, the original and what is left of it.
    return refundTooLargeMessage({
      orderAmount: payment.orderAmount,
      leftOrderAmount: Math.max(payment.orderAmount - payment.refundedOrderAmount, 0),
    });
  }
  if (isWholeOnly(payment.source) && opts.requested !== remaining) return REFUND_MESSAGES.partial;
  return null;
}

/** The refund's parts: the refund form computes the same (embed-sdk/rules). */
export { refundParts, type RefundedParts } from '../../../embed-sdk/rules/refundAmounts.js';
