/**
 * The money rules of a refund (spec part 2, section 9), shared by the server, which settles them,
 * and the refund form, which shows them before the refund is asked for. Integer cents throughout.
 *
 * - Effective surcharge rate = surcharge ÷ order amount, to 4 decimals.
 * - Refund surcharge = the refund's order part × that rate, to the cent.
 * - A refund is prorated across a payment's pay splits to the cent, the last split absorbing the
 *   rounding difference (`prorate`, in proration.ts).
 * - The words of a refund that is too large, and of one that did not happen.
 */
import { formatCurrency } from '../format/currency.js';

/** The payment's surcharge as a rate of its order amount, to 4 decimals (0.03 for 3 %). */
export function effectiveSurchargeRate(payment: { orderAmount: number; surchargeAmount: number }): number {
  if (payment.orderAmount <= 0 || payment.surchargeAmount <= 0) return 0;
  return Math.round((payment.surchargeAmount / payment.orderAmount) * 10_000) / 10_000;
}

/**
 * The surcharge given back with a refund of `orderRefund` cents of a payment's order amount: the
 * payment's effective rate times the refund. A refund of the whole order amount gives back the whole
 * surcharge exactly (the rate is rounded, the surcharge charged was not).
 */
export function refundSurcharge(
  orderRefund: number,
  payment: { orderAmount: number; surchargeAmount: number },
): number {
  if (payment.orderAmount <= 0 || payment.surchargeAmount === 0) return 0;
  if (orderRefund >= payment.orderAmount) return payment.surchargeAmount;
  return Math.round(orderRefund * effectiveSurchargeRate(payment));
}

/** A payment as far as refunds are concerned: what was charged and what was refunded so far. */
export interface RefundablePayment {
  /** Charged, surcharge included. */
  amount: number;
  orderAmount: number;
  surchargeAmount: number;
  /** Refunded so far, surcharge included, and its parts. */
  refundedAmount: number;
  refundedOrderAmount: number;
  refundedSurcharge: number;
}

export interface RefundedParts {
  /** Surcharge included. */
  amount: number;
  orderAmount: number;
  surchargeAmount: number;
}

/** What is left to refund of a payment, and its parts. */
export function leftToRefund(payment: RefundablePayment): RefundedParts {
  return {
    amount: payment.amount - payment.refundedAmount,
    orderAmount: payment.orderAmount - payment.refundedOrderAmount,
    surchargeAmount: payment.surchargeAmount - payment.refundedSurcharge,
  };
}

/**
 * A refund of `requested` cents (surcharge included, at most what is left) split into its order
 * amount and surcharge. What is left of the payment comes back exactly; a part is split so that its
 * surcharge is the refund surcharge of its order part whenever such a split exists, and never more
 * surcharge than is left.
 */
export function refundParts(payment: RefundablePayment, requested: number): RefundedParts {
  const left = leftToRefund(payment);
  if (requested >= left.amount) return left;
  if (payment.surchargeAmount === 0 || payment.amount === 0) {
    return { amount: requested, orderAmount: requested, surchargeAmount: 0 };
  }
  const guess = Math.round((requested * payment.orderAmount) / payment.amount);
  for (const order of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    if (order < 0 || order > left.orderAmount) continue;
    const surcharge = refundSurcharge(order, payment);
    if (order + surcharge === requested && surcharge <= left.surchargeAmount) {
      return { amount: requested, orderAmount: order, surchargeAmount: surcharge };
    }
  }
  const orderAmount = Math.max(requested - left.surchargeAmount, Math.min(guess, left.orderAmount));
  return { amount: requested, orderAmount, surchargeAmount: requested - orderAmount };
}

/** What a payment's refunds (or its void) gave back so far, each part in cents. */
export interface GivenBack {
  orderAmount: number;
  surchargeAmount: number;
}

export interface RefundAmounts {
  /** Of the order amount. */
  orderAmount: number;
  surchargeAmount: number;
  /** What the refund sends: `orderAmount + surchargeAmount`. */
  amount: number;
}

/**
 * A refund of `orderRefund` cents of what is left of a payment's order amount, with its surcharge:
 * the refund surcharge above, never more than the surcharge left; refunding all that is left gives
 * back exactly what is left of both, so a payment's refunds add up to the payment. A refund larger
 * than what is left is cut to it (the form refuses it before; this never gives back more).
 */
export function refundWithSurcharge(
  orderRefund: number,
  payment: { orderAmount: number; surchargeAmount: number },
  refunded: GivenBack = { orderAmount: 0, surchargeAmount: 0 },
): RefundAmounts {
  const leftOrder = Math.max(payment.orderAmount - refunded.orderAmount, 0);
  const leftSurcharge = Math.max(payment.surchargeAmount - refunded.surchargeAmount, 0);
  const orderAmount = Math.min(Math.max(orderRefund, 0), leftOrder);
  const surchargeAmount =
    orderAmount === leftOrder
      ? leftSurcharge
      : Math.min(refundSurcharge(orderAmount, payment), leftSurcharge);
  return { orderAmount, surchargeAmount, amount: orderAmount + surchargeAmount };
}

/**
 * The spec's message (part 2, sections 5 and 8) when a refund is more than may be given back, in
 * one wording for the refund form and the server alike. Both name order amounts (what the person
 * types, before the surcharge): the original, and after an earlier refund what is left of it.
 */
export function refundTooLargeMessage(payment: { orderAmount: number; leftOrderAmount: number }): string {
  const original = `The refund cannot exceed the original transaction amount of ${formatCurrency(payment.orderAmount)}`;
  return payment.leftOrderAmount < payment.orderAmount
    ? `${original}; ${formatCurrency(payment.leftOrderAmount)} is left to refund.`
    : original;
}

/** The spec's message for every refund or void answer that is not successful or not approved. */
export const COULD_NOT_REFUND = 'This transaction could not be refunded';
