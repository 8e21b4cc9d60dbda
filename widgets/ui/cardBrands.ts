/** Card brands as people name them, and how a card is described in words (for labels and screen readers). */
import type { StoredCardDetail } from '../../embed-sdk/events.js';
import { CARD_BRAND_NAMES } from '../../embed-sdk/format/transactions.js';

/** The contract's card brands (shared code reaches the contract's types through the event map). */
export type CardType = StoredCardDetail['cardType'];

export { CARD_BRAND_NAMES };

/** "12/30": the expiry as printed on a card (MM/YY). */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** The last digits of a masked number ("•••• 1111" → "1111"); the mask itself when it has none. */
export function lastDigits(description: string): string {
  return /(\d{2,})\s*$/.exec(description)?.[1] ?? description;
}

/** "Visa ending in 1111, expires 12/30". */
export function describeCard(card: {
  cardType: CardType;
  description: string;
  expMonth: number;
  expYear: number;
}): string {
  return `${CARD_BRAND_NAMES[card.cardType]} ending in ${lastDigits(card.description)}, expires ${formatExpiry(card.expMonth, card.expYear)}`;
}
