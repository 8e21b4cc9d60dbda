/**
 * The stored cards' server data and changes, through SWR and the SDK only. Every widget on a page
 * that shows the same patient's cards shares one cache entry, so a card stored in one dialog
 * appears in every other view at once. The answers of removing a card and of making one the
 * default carry the patient's cards afterwards: they replace the cache without another request.
 *
 * Failures have shown their banner (the SDK's client does that), so the changes answer null or
 * false instead of throwing.
 */
import { useCallback, useEffect } from 'react';
import { useSWRConfig } from 'swr';
import {
  inactivate,
  makeDefault,
  sendCardRequest,
  type SavedCard,
} from '../../embed-sdk/contract/savedCard.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled } from '../ui/data.js';
import { cardsKey, useStoreCard } from '../ui/savedCards.js';
import { cardRequestBody, type CardRequestValues } from './cardRequest.js';

/**
 * Reads the patient's cards again when the realtime hub reports a card the patient stored through a
 * card request's link, so every list of theirs shows it at once.
 */
export function useLiveCards(customerId: number) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const unsubscribe = sdk.on('card-request-completed', (event) => {
      if (event.customerId === customerId) void mutate(cardsKey(customerId));
    });
    // The hub connects on first use; without it the list still shows what it loaded.
    sdk.realtime().catch(() => undefined);
    return unsubscribe;
  }, [sdk, mutate, customerId]);
}

/** The patient's record, for the dialog's title and the card request (widgets/ui/customer.ts). */
export { useCustomer } from '../ui/customer.js';

export type RemoveOutcome =
  | { outcome: 'removed'; cards: SavedCard[] }
  /** A plan or membership uses the card: nothing was removed ('Associated Card'). */
  | { outcome: 'associated' }
  | { outcome: 'failed' };

export function useCardChanges(customerId: number) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  const id = customerId;

  const setCards = useCallback(
    (cards: SavedCard[]) => mutate(cardsKey(id), cards, { revalidate: false }),
    [mutate, id],
  );

  /** Stores the card behind the frame's nonce (the one Add New Card's, widgets/ui/savedCards.ts). */
  const store = useStoreCard(id);

  const remove = useCallback(
    async (card: SavedCard): Promise<RemoveOutcome> => {
      const value = await settled(sdk.api.call(inactivate, { body: { Id: card.id, customerId: id } }));
      if (!value) return { outcome: 'failed' };
      await setCards(value.cards);
      if (value.hasMembershipPaymentPlans) return { outcome: 'associated' };
      return { outcome: 'removed', cards: value.cards };
    },
    [sdk, setCards, id],
  );

  const makeCardDefault = useCallback(
    async (card: SavedCard) => {
      const cards = await settled(sdk.api.call(makeDefault, { body: { customerId: id, Id: card.id } }));
      if (cards) await setCards(cards);
      return cards !== null;
    },
    [sdk, setCards, id],
  );

  const requestCard = useCallback(
    (values: CardRequestValues) =>
      settled(sdk.api.call(sendCardRequest, { body: cardRequestBody(id, values) })),
    [sdk, id],
  );

  /** Reads the cards again (when a dialog opens: the patient may have stored one through a link). */
  const refresh = useCallback(() => mutate(cardsKey(id)), [mutate, id]);

  return { store, remove, makeCardDefault, requestCard, refresh };
}
