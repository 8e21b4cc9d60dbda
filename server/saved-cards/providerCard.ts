/** A tokenized card as the columns that keep it (cards on file and the payment page's cards alike). */
import type { TokenizedCard } from '../context.js';

export function providerCardColumns(card: TokenizedCard) {
  return {
    providerToken: card.token,
    cardType: card.cardType,
    description: card.description,
    expMonth: card.expMonth,
    expYear: card.expYear,
    funding: card.funding,
  };
}
