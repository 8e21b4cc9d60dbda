/** The rules the stored cards follow about a patient's cards: their order and which one is selected. */
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { StoredCardDetail } from '../../embed-sdk/events.js';

/** The default card first, then the others in the order the server gave (newest first). */
export function orderCards(cards: readonly SavedCard[]): SavedCard[] {
  return [...cards.filter((c) => c.isDefault), ...cards.filter((c) => !c.isDefault)];
}

/**
 * The card a form gets: the one chosen (selected in the dialog, stored, or given as `value`) while
 * the patient still has it; otherwise the default card; otherwise none.
 */
export function selectedCard(cards: readonly SavedCard[], chosenId: number | null): SavedCard | null {
  return cards.find((c) => c.id === chosenId) ?? cards.find((c) => c.isDefault) ?? cards[0] ?? null;
}

/** A card as the widget's events carry it. */
export function cardDetail(card: SavedCard): StoredCardDetail {
  const { id, cardType, description, expMonth, expYear, isDefault } = card;
  return { id, cardType, description, expMonth, expYear, isDefault };
}
