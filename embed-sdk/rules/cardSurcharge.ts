/**
 * The surcharge on one card payment, from the practice's settings and the card's funding: the rules
 * of `surcharge.ts` put together, so that the saved-card lookup, the payment page's quote and its
 * charge cannot disagree.
 */
import { effectiveSurchargeBps, isSurcharged, surchargeFor } from './surcharge.js';

export interface SurchargingPractice {
  hasSurcharging: boolean;
  /** The practice's own rate in basis points, before the cap. */
  surchargeRateBps: number;
}

export interface CardSurcharge {
  /** The rate applied: 0 for a debit card or a practice that does not surcharge. */
  rateBps: number;
  surchargeAmount: number;
  /** `amount + surchargeAmount`. */
  total: number;
}

export function cardSurcharge(
  amount: number,
  practice: SurchargingPractice,
  funding: 'CREDIT' | 'DEBIT' | null,
): CardSurcharge {
  const rateBps = isSurcharged(practice, funding) ? effectiveSurchargeBps(practice.surchargeRateBps) : 0;
  const surchargeAmount = surchargeFor(amount, rateBps);
  return { rateBps, surchargeAmount, total: amount + surchargeAmount };
}

/** What a credit card would add at this practice: the payment page discloses it before a card is entered. */
export function creditCardSurcharge(amount: number, practice: SurchargingPractice): CardSurcharge {
  return cardSurcharge(amount, practice, 'CREDIT');
}
