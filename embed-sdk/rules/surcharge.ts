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
