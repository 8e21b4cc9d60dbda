/**
 * What a transaction still allows: the spec's refund window (180 days, part 1 section 9) and whether
 * anything is left to give back.
 */

export const REFUND_WINDOW_DAYS = 180;

/** The note label of a payment recorded from the processor's file (the admin area's Import Transactions). */
export const IMPORTED_NOTE_LABEL = 'Imported';

/**
 * A payment recorded from the processor's file was charged elsewhere, not through Chairside's
 * processor account: nothing here can refund or void it, nor ask whether it settled.
 */
export function isImportedPayment(t: { noteLabel: string | null }): boolean {
  return t.noteLabel === IMPORTED_NOTE_LABEL;
}

/** Why an imported payment offers no refund or void. */
export const IMPORTED_PAYMENT_REFUSAL =
  'This payment was imported from the processor’s file, not charged through Chairside: refund or void it where it was taken.';
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
