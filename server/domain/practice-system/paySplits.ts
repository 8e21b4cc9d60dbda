/**
 * Pay splits of a practice-system payment (part 2, "Refund / Void form" and section 9). Pure.
 *
 * - A payment's splits are positive; a refund or void writes negative splits, each pointing at the
 *   split it gives back, so what is left of a split is its amount plus its negatives.
 * - The leading split whose description contains 'surcharge' carries the surcharge; the refund
 *   form hides it and shows the others (the procedures).
 * - A refund gives back its surcharge on the surcharge split and its order amount across the other
 *   splits: as the refund form chose, or prorated to the cent with the last split absorbing the
 *   rounding. A void gives back everything that is left.
 */
import { prorate } from '../../../embed-sdk/rules/proration.js';

export interface SplitLine {
  id: number;
  amount: number;
  descript: string;
  refundOfSplitId: number | null;
}

export interface OpenSplit {
  id: number;
  /** The split as it was posted. */
  original: number;
  /** What is left of it to refund. */
  remaining: number;
  isSurcharge: boolean;
}

const SURCHARGE = /surcharge/i;

/** The payment's splits (positive ones, in order) with what is left of each. */
export function openSplits(lines: readonly SplitLine[]): OpenSplit[] {
  const positive = lines.filter((l) => l.refundOfSplitId === null && l.amount > 0);
  const back = new Map<number, number>();
  for (const l of lines) {
    if (l.refundOfSplitId !== null)
      back.set(l.refundOfSplitId, (back.get(l.refundOfSplitId) ?? 0) + l.amount);
  }
  return positive.map((l, i) => ({
    id: l.id,
    original: l.amount,
    remaining: l.amount + (back.get(l.id) ?? 0),
    isSurcharge: i === 0 && SURCHARGE.test(l.descript),
  }));
}

export const SPLIT_MESSAGES = {
  unknownSplit: (splitNum: number) => `Pay split ${splitNum} is not one of this payment's procedures.`,
  tooMuch: (splitNum: number) => `The refund of pay split ${splitNum} is more than is left of it.`,
  total: 'The refunds of the procedures must add up to the refund less its surcharge.',
  beyondPayment: 'The refund is larger than what is left of the payment in the practice system.',
} as const;

/** Why the refund form's choice of splits cannot be written back (null when it can). */
export function chosenSplitsProblem(
  open: readonly OpenSplit[],
  chosen: readonly { splitNum: number; amount: number }[],
  orderAmount: number,
): string | null {
  const bySplit = new Map(open.filter((s) => !s.isSurcharge).map((s) => [s.id, s]));
  const seen = new Map<number, number>();
  for (const c of chosen) {
    const split = bySplit.get(c.splitNum);
    if (!split) return SPLIT_MESSAGES.unknownSplit(c.splitNum);
    seen.set(c.splitNum, (seen.get(c.splitNum) ?? 0) + c.amount);
    if (seen.get(c.splitNum)! > split.remaining) return SPLIT_MESSAGES.tooMuch(c.splitNum);
  }
  const sum = chosen.reduce((t, c) => t + c.amount, 0);
  return sum === orderAmount ? null : SPLIT_MESSAGES.total;
}

export interface SplitRefund {
  /** The split given back. */
  splitId: number;
  /** Negative cents. */
  amount: number;
}

/**
 * The negative splits of a refund or void. A refund's surcharge goes on the surcharge split (what it
 * cannot take, on a payment without one, goes with the order amount). Throws no error: a problem
 * comes back as a message.
 */
export function refundSplits(
  open: readonly OpenSplit[],
  refund:
    | { kind: 'VOID' }
    | {
        kind: 'REFUND';
        orderAmount: number;
        surchargeAmount: number;
        chosen?: readonly { splitNum: number; amount: number }[];
      },
): SplitRefund[] | { problem: string } {
  const negative = (splitId: number, amount: number): SplitRefund => ({ splitId, amount: -amount });
  if (refund.kind === 'VOID') {
    return open.filter((s) => s.remaining > 0).map((s) => negative(s.id, s.remaining));
  }
  const surchargeSplit = open.find((s) => s.isSurcharge);
  const onSurcharge = Math.min(refund.surchargeAmount, surchargeSplit?.remaining ?? 0);
  const out: SplitRefund[] = [];
  if (surchargeSplit && onSurcharge > 0) out.push(negative(surchargeSplit.id, onSurcharge));
  const orderSplits = open.filter((s) => !s.isSurcharge);
  const orderTotal = refund.orderAmount + (refund.surchargeAmount - onSurcharge);
  if (refund.chosen && refund.chosen.length > 0) {
    const problem = chosenSplitsProblem(open, refund.chosen, refund.orderAmount);
    if (problem) return { problem };
    for (const c of refund.chosen) out.push(negative(c.splitNum, c.amount));
    return out;
  }
  const remaining = orderSplits.map((s) => s.remaining);
  if (orderTotal > remaining.reduce((a, b) => a + b, 0)) return { problem: SPLIT_MESSAGES.beyondPayment };
  prorate(orderTotal, remaining).forEach((amount, i) => {
    if (amount > 0) out.push(negative(orderSplits[i]!.id, amount));
  });
  return out;
}
