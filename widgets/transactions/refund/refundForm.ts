/**
 * The Refund / Void form's rules (spec part 2, "Refund / Void form", sections 5, 8 and 9). Pure.
 *
 * The person types the refund of the order amount (what the patient was charged before the
 * surcharge); the surcharge follows at the payment's effective rate and the call sends both, in
 * cents (section 9). The amount is required and money, and cannot exceed what is left of the order
 * amount: the spec's message names the original amount, and after an earlier refund says what is
 * left, in the server's words (embed-sdk/rules/refundAmounts.ts); it is an error toast, and the
 * submission stops. Blank or zero on blur goes back to the whole of what is left. A void, and a plan or
 * membership payment, give back the whole of what is left; their amount cannot be changed.
 */
import type { GiveBackAction } from '../../../embed-sdk/contract/refund.js';
import type { PaySplit, Transaction } from '../../../embed-sdk/contract/transaction.js';
import { prorate } from '../../../embed-sdk/rules/proration.js';
import {
  refundTooLargeMessage,
  refundWithSurcharge,
  type RefundAmounts,
} from '../../../embed-sdk/rules/refundAmounts.js';
import { centsToMoneyInput, parseMoneyToCents } from '../../../embed-sdk/validation/money.js';
import { isMoney } from '../../../embed-sdk/validation/money.js';
import { validationMessages } from '../../../embed-sdk/validation/messages.js';
import { REFUND_TEXT } from '../dialogTexts.js';

export type RefundPayment = Pick<
  Transaction,
  'orderAmount' | 'surchargeAmount' | 'amount' | 'refundVoidOrderAmount' | 'refundVoidSurchargeAmount'
>;

const refundedOf = (t: RefundPayment) => ({
  orderAmount: t.refundVoidOrderAmount ?? 0,
  surchargeAmount: t.refundVoidSurchargeAmount ?? 0,
});

/** What is left of the order amount to give back. */
export function leftToRefund(t: RefundPayment): number {
  return Math.max(t.orderAmount - refundedOf(t).orderAmount, 0);
}

/** Whether the amount is fixed: a void, or a source without partial refunds. */
export function isFixedAmount(action: GiveBackAction, wholeOnly: boolean): boolean {
  return action === 'VOID' || wholeOnly;
}

/** The amount the form starts with, and goes back to on a blank or zero blur. */
export function initialAmountText(t: RefundPayment): string {
  return centsToMoneyInput(leftToRefund(t));
}

/** On blur: blank or zero becomes the whole of what is left; anything else stays as typed. */
export function amountOnBlur(text: string, t: RefundPayment): string {
  const cents = parseMoneyToCents(text);
  return text.trim() === '' || cents === 0 ? initialAmountText(t) : text;
}

/** What is wrong with the typed amount, or null. */
export function amountProblem(text: string, t: RefundPayment): string | null {
  if (text.trim() === '') return REFUND_TEXT.required;
  if (!isMoney(text)) return validationMessages.money('Refund Amount');
  const cents = parseMoneyToCents(text)!;
  const left = leftToRefund(t);
  if (cents > left) return refundTooLargeMessage({ orderAmount: t.orderAmount, leftOrderAmount: left });
  return null;
}

/** Whether the problem is the amount being too large: the spec's error toast, not a field error. */
export function isTooLarge(text: string, t: RefundPayment): boolean {
  const cents = isMoney(text) ? parseMoneyToCents(text) : null;
  return cents !== null && cents > leftToRefund(t);
}

/** The order amount the refund gives back: what is typed, or the whole for a fixed amount. */
export function orderRefundOf(text: string, t: RefundPayment, fixed: boolean): number | null {
  if (fixed) return leftToRefund(t);
  if (amountProblem(text, t)) return null;
  const cents = parseMoneyToCents(text)!;
  return cents > 0 ? cents : null;
}

/** The refund with its surcharge (what is sent: `amount`, in cents, surcharge included). */
export function refundAmounts(orderRefund: number, t: RefundPayment): RefundAmounts {
  return refundWithSurcharge(orderRefund, t, refundedOf(t));
}

/** The pay splits the form shows: all but a leading split whose description says 'surcharge'. */
export function shownSplits(splits: readonly PaySplit[]): PaySplit[] {
  return splits[0] && /surcharge/i.test(splits[0].descript) ? splits.slice(1) : [...splits];
}

/**
 * Each shown split's part of the refund (of the order amount, without the surcharge), prorated by
 * what each has left; null when the splits hold less than the refund (nothing is sent per split).
 */
export function splitRefunds(orderRefund: number, splits: readonly PaySplit[]): number[] | null {
  const left = splits.map((s) => Math.max(s.splitAmt, 0));
  if (left.reduce((sum, x) => sum + x, 0) < orderRefund) return null;
  return prorate(orderRefund, left);
}
