/** Cards on file as the contract shows them (never the provider's token). */
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { SavedCardRecord } from './store.js';

export function toSavedCard(row: SavedCardRecord): SavedCard {
  return {
    id: row.id,
    cardType: row.cardType as SavedCard['cardType'],
    description: row.description,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    funding: row.funding as SavedCard['funding'],
  };
}
