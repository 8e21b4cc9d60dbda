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
import useSWR, { useSWRConfig } from 'swr';
import { getCustomer } from '../../embed-sdk/contract/patient.js';
import {
  inactivate,
  makeDefault,
  sendCardRequest,
  tokenize,
  type SavedCard,
} from '../../embed-sdk/contract/savedCard.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled, valueOf } from '../ui/data.js';
import { cardsKey } from '../ui/savedCards.js';
import { cardRequestBody, type CardRequestValues } from './cardRequest.js';

/** The patient's contact details are read once per dialog, not on focus. */
const CARDS = { revalidateOnFocus: false, shouldRetryOnError: false };

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

/** The patient's contact details, for the card request (asked for only when it is shown). */
export function useCustomer(customerId: number, enabled: boolean) {
  const sdk = useSdk();
  return useSWR(
    enabled ? ['customer', customerId] : null,
    () => valueOf(sdk.api.call(getCustomer, { query: { id: customerId } })),
    CARDS,
  );
}

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

  /** Stores the card behind the frame's nonce; the list is fetched again (other cards' default flag may change). */
  const store = useCallback(
    async (nonce: string, isDefault: boolean) => {
      const card = await settled(sdk.api.call(tokenize, { body: { nonce, customerId: id, isDefault } }));
      if (card) await mutate(cardsKey(id));
      return card;
    },
    [sdk, mutate, id],
  );

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
