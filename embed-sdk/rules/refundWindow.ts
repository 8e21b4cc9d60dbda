/**
 * What a transaction still allows: the spec's refund window (180 days, part 1 section 9) and whether
 * anything is left to give back.
 */

export const REFUND_WINDOW_DAYS = 180;
const DAY_MS = 24 * 60 * 60_000;

/** Older than the refund window: the spec's cantRefund ('Refund Unavailable'). */
export function isPastRefundWindow(created: Date, now: Date): boolean {
  return now.getTime() - created.getTime() > REFUND_WINDOW_DAYS * DAY_MS;
}

export interface RefundableState {
  status: 'APPROVED' | 'DECLINED';
  created: Date;
  /** What was charged, surcharge included. */
  amount: number;
  /** What its refunds gave back so far, surcharge included. */
  refundedAmount: number;
  voided: boolean;
}

/** Approved, not voided, something left to give back, and inside the window. */
export function canRefund(t: RefundableState, now: Date): boolean {
  return (
    t.status === 'APPROVED' && !t.voided && t.refundedAmount < t.amount && !isPastRefundWindow(t.created, now)
  );
}
