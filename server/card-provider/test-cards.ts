/**
 * The test provider's card numbers and what they do. TEST-CARDS.md documents the same table (a test
 * keeps the two equal). Any other number that passes the field rules is approved as its brand.
 */
import type { CardBrand } from './browser/brand.js';

/** Debit and prepaid cards are never surcharged (embed-sdk/rules/surcharge.ts). */
export type Funding = 'CREDIT' | 'DEBIT' | 'PREPAID';
/** What every charge against a card does (the provider_cards.behaviour column). */
export type Behaviour = 'APPROVE' | 'DECLINE' | 'INSUFFICIENT_FUNDS';

export interface TestCard {
  /** As printed, with spaces. */
  number: string;
  brand: CardBrand;
  funding: Funding;
  behaviour: Behaviour;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111 1111 1111 1111', brand: 'VISA', funding: 'CREDIT', behaviour: 'APPROVE' },
  { number: '4000 0000 0000 0002', brand: 'VISA', funding: 'CREDIT', behaviour: 'DECLINE' },
  { number: '4000 0000 0000 9995', brand: 'VISA', funding: 'CREDIT', behaviour: 'INSUFFICIENT_FUNDS' },
  { number: '4000 0566 5566 5556', brand: 'VISA', funding: 'DEBIT', behaviour: 'APPROVE' },
  { number: '5555 5555 5555 4444', brand: 'MASTERCARD', funding: 'CREDIT', behaviour: 'APPROVE' },
  { number: '5200 8282 8282 8210', brand: 'MASTERCARD', funding: 'DEBIT', behaviour: 'APPROVE' },
  { number: '5105 1051 0510 5100', brand: 'MASTERCARD', funding: 'PREPAID', behaviour: 'APPROVE' },
  { number: '3782 822463 10005', brand: 'AMERICAN_EXPRESS', funding: 'CREDIT', behaviour: 'APPROVE' },
  { number: '6011 1111 1111 1117', brand: 'DISCOVER', funding: 'CREDIT', behaviour: 'APPROVE' },
  { number: '3056 9300 0902 0004', brand: 'DINERS_CLUB', funding: 'CREDIT', behaviour: 'APPROVE' },
  { number: '3566 0020 2036 0505', brand: 'JCB', funding: 'CREDIT', behaviour: 'APPROVE' },
];

const BY_DIGITS = new Map(TEST_CARDS.map((card) => [card.number.replace(/\D/g, ''), card]));

/** How a card number behaves: its test card's profile, or an approving credit card. */
export function cardProfile(digits: string): { funding: Funding; behaviour: Behaviour } {
  const card = BY_DIGITS.get(digits);
  return card
    ? { funding: card.funding, behaviour: card.behaviour }
    : { funding: 'CREDIT', behaviour: 'APPROVE' };
}
