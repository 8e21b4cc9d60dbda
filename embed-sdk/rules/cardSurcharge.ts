/**
 * The surcharge on one card payment, from the practice's settings and the card's funding: the rate of
 * `surcharge.ts` (`surchargeRateFor`: the state's law, the networks' cap, credit cards only) applied
 * to an amount, so that the saved-card lookup, the payment page's quote and its charge cannot
 * disagree.
 */
import { creditCardRateBps, surchargeFor, surchargeRateFor, type CardFunding } from './surcharge.js';
import type { SurchargingPractice } from './surcharge.js';

export type { SurchargingPractice } from './surcharge.js';

export interface CardSurcharge {
  /** The rate applied: 0 for a debit or prepaid card, a practice that does not surcharge, or a state that forbids it. */
  rateBps: number;
  surchargeAmount: number;
  /** `amount + surchargeAmount`. */
  total: number;
}

function atRate(amount: number, rateBps: number): CardSurcharge {
  const surchargeAmount = surchargeFor(amount, rateBps);
  return { rateBps, surchargeAmount, total: amount + surchargeAmount };
}

export function cardSurcharge(
  amount: number,
  practice: SurchargingPractice,
  funding: CardFunding | null,
): CardSurcharge {
  return atRate(amount, surchargeRateFor(practice, funding));
}

/** What a credit card would add at this practice (Settings' preview; staff's quote for a credit card). */
export function creditCardSurcharge(amount: number, practice: SurchargingPractice): CardSurcharge {
  return atRate(amount, creditCardRateBps(practice));
}
