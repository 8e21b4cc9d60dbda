/**
 * A patient's cards on file, as every capability that shows or picks them reads them: one SWR entry
 * per patient (so a card stored in one view appears in every other at once), the default card first,
 * and which card a form gets when the person has not chosen one.
 */
import { useCallback, type ComponentType } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { CardSelectedDetail } from '../../embed-sdk/events.js';
import { customerSavedCards, tokenize } from '../../embed-sdk/contract/savedCard.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled, valueOf } from './data.js';

/**
 * Cards change through the stored cards and through the patient's own link: refreshed when a dialog
 * opens and when the realtime hub reports a card stored through a link, not on focus.
 */
const CARDS = { revalidateOnFocus: false, shouldRetryOnError: false };

export const cardsKey = (customerId: number) => ['customerSavedCard/list', customerId] as const;

/** The patient's cards (nothing is asked while there is no patient). */
export function useSavedCards(customerId: number | null) {
  const sdk = useSdk();
  return useSWR(
    customerId === null ? null : cardsKey(customerId),
    () => valueOf(sdk.api.call(customerSavedCards, { query: { customerId: customerId! } })),
    CARDS,
  );
}

/**
 * Stores the card behind the card-entry frame's nonce as the patient's (Add New Card, wherever it is
 * offered); the cards are read again, since another card's default flag may change. Null when the
 * server refused it (its banner has said why).
 */
export function useStoreCard(customerId: number) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (nonce: string, isDefault: boolean): Promise<SavedCard | null> => {
      const card = await settled(sdk.api.call(tokenize, { body: { nonce, customerId, isDefault } }));
      if (card) await mutate(cardsKey(customerId));
      return card;
    },
    [sdk, mutate, customerId],
  );
}

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

/**
 * A form's card selector, as one capability receives it from whoever places it: the stored cards'
 * form selector (mode 1) lists the patient's cards, adds one through the card provider's frame and
 * says which one is chosen. Capabilities do not import each other, so the page that places both
 * hands one to the other.
 */
export type CardSelector = ComponentType<{
  customerId: number;
  onCardSelected: (detail: CardSelectedDetail) => void;
}>;
