/**
 * Which view the stored-cards dialog shows (spec: cardList, collectCard, sendCard). Opening asks for
 * the card list; with no cards the list is never shown and the dialog collects a card instead, so
 * opening for a patient without cards, and removing the last card, both land on collectCard.
 */
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';

export type DialogView = 'cardList' | 'collectCard' | 'sendCard';

/** What the dialog shows for the view asked for: 'loading' until the cards are known. */
export function shownView(
  asked: DialogView,
  cards: readonly SavedCard[] | undefined,
): DialogView | 'loading' {
  if (asked === 'sendCard') return asked;
  if (cards === undefined) return 'loading';
  if (cards.length === 0) return 'collectCard';
  return asked;
}
