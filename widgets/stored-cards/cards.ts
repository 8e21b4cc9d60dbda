/**
 * A card as the stored cards' events carry it. Their order and which one a form gets are the saved
 * cards' rules in widgets/ui/savedCards.ts, which other capabilities share.
 */
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { StoredCardDetail } from '../../embed-sdk/events.js';

/** A card as the widget's events carry it. */
export function cardDetail(card: SavedCard): StoredCardDetail {
  const { id, cardType, description, expMonth, expYear, isDefault } = card;
  return { id, cardType, description, expMonth, expYear, isDefault };
}
