/**
 * Surcharging on card payments. A practice that surcharges adds its rate to credit-card payments
 * only (never debit, cash or check), and card network rules cap the rate at 3 %. Amounts are integer
 * cents; a fraction of a cent rounds half up. The server charges by these rules and the widgets show
 * what will be charged by the same ones.
 */

/** The cap: 3.00 % in basis points. */
export const MAX_SURCHARGE_BPS = 300;

/** The rate a practice may actually charge: its own, capped (Harbor View asks 3.5 % and gets 3 %). */
export function effectiveSurchargeBps(practiceBps: number): number {
  return Math.min(Math.max(practiceBps, 0), MAX_SURCHARGE_BPS);
}

/** The surcharge on `orderAmount` cents at `rateBps` (already capped). */
export function surchargeFor(orderAmount: number, rateBps: number): number {
  return Math.round((orderAmount * rateBps) / 10_000);
}

/**
 * The surcharge on one line of a payment plan's schedule: amountDue × the plan's rate (part 2,
 * section 9); nothing when the plan has no surcharge.
 */
export function lineSurcharge(
  amountDue: number,
  plan: { hasSurcharge: boolean; surchargeRateBps: number },
): number {
  return plan.hasSurcharge ? surchargeFor(amountDue, plan.surchargeRateBps) : 0;
}

/** Whether a payment is surcharged: the practice surcharges and the card is a credit card. */
export function isSurcharged(
  practice: { hasSurcharging: boolean },
  funding: 'CREDIT' | 'DEBIT' | null,
): boolean {
  return practice.hasSurcharging && funding === 'CREDIT';
}

/**
 * A payment's effective surcharge rate (spec part 2, section 9): its surcharge divided by its order
 * amount, to 4 decimals (0.0300 for 3 %); 0 for a payment without either.
 */
export function effectiveSurchargeRate(payment: { orderAmount: number; surchargeAmount: number }): number {
  if (payment.orderAmount <= 0 || payment.surchargeAmount <= 0) return 0;
  return Math.round((payment.surchargeAmount / payment.orderAmount) * 10_000) / 10_000;
}

/**
 * The surcharge given back with a refund of `orderRefund` cents of a payment's order amount (spec part
 * 2, section 9): the payment's effective rate times the refund, to the cent. A full refund gives back
 * the whole surcharge exactly.
 */
export function refundSurcharge(
  orderRefund: number,
  payment: { orderAmount: number; surchargeAmount: number },
): number {
  if (payment.orderAmount <= 0 || payment.surchargeAmount === 0) return 0;
  if (orderRefund >= payment.orderAmount) return payment.surchargeAmount;
  return Math.round(orderRefund * effectiveSurchargeRate(payment));
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
