/**
 * Surcharging on card payments. A practice that surcharges adds its rate to credit-card payments
 * only (never debit, prepaid, cash or check); card network rules cap the rate at 3 %, and the law of
 * the practice's state may forbid the surcharge or cap it lower (surchargeLaw.ts). Amounts are
 * integer cents; a fraction of a cent rounds half up. The server charges by these rules and the
 * widgets show what will be charged by the same ones: `surchargeRateFor` is the one place the rate a
 * payment carries is decided.
 */
import { surchargeLawOf } from './surchargeLaw.js';

/** The cap: 3.00 % in basis points. */
export const MAX_SURCHARGE_BPS = 300;

/** How a card is funded, as the card provider reports it. */
export type CardFunding = 'CREDIT' | 'DEBIT' | 'PREPAID';

/** A practice's surcharge settings, as the rules need them. */
export interface SurchargingPractice {
  hasSurcharging: boolean;
  /** The practice's own rate in basis points, before any cap. */
  surchargeRateBps: number;
  /** The US state (two letters) whose law applies; null while it is not set. */
  state: string | null;
}

/** A rate under the card networks' cap (Harbor View asks 3.5 % and gets 3 %). */
export function effectiveSurchargeBps(practiceBps: number): number {
  return Math.min(Math.max(practiceBps, 0), MAX_SURCHARGE_BPS);
}

/**
 * The rate a payment with a card of this funding carries at this practice: 0 when the practice does
 * not surcharge, when its state forbids it, or when the card is not a credit card (or is not known
 * yet: `null`); else the practice's rate under the networks' 3 % and the state's cap.
 */
export function surchargeRateFor(practice: SurchargingPractice, funding: CardFunding | null): number {
  if (!practice.hasSurcharging || funding !== 'CREDIT') return 0;
  const law = surchargeLawOf(practice.state);
  if (law.kind === 'FORBIDDEN') return 0;
  const rate = effectiveSurchargeBps(practice.surchargeRateBps);
  return law.kind === 'CAPPED' ? Math.min(rate, law.capBps) : rate;
}

/** The rate a credit card carries at this practice: what a page may disclose before a card is known. */
export function creditCardRateBps(practice: SurchargingPractice): number {
  return surchargeRateFor(practice, 'CREDIT');
}

/** Whether the practice's patients are surcharged at all (on a credit card). */
export function hasSurchargeInEffect(practice: SurchargingPractice): boolean {
  return creditCardRateBps(practice) > 0;
}

/** The surcharge on `orderAmount` cents at `rateBps` (already capped). */
export function surchargeFor(orderAmount: number, rateBps: number): number {
  return Math.round((orderAmount * rateBps) / 10_000);
}

/**
 * The surcharge on one line of a payment plan's schedule: amountDue × the plan's rate (part 2,
 * section 9; the rate was fixed by `surchargeRateFor` when the plan's card was chosen); nothing when
 * the plan has no surcharge.
 */
export function lineSurcharge(
  amountDue: number,
  plan: { hasSurcharge: boolean; surchargeRateBps: number },
): number {
  return plan.hasSurcharge ? surchargeFor(amountDue, plan.surchargeRateBps) : 0;
}

/** Whether a payment with this card is surcharged at this practice. */
export function isSurcharged(practice: SurchargingPractice, funding: CardFunding | null): boolean {
  return surchargeRateFor(practice, funding) > 0;
}
