/**
 * The surcharge of paying an amount with a card on file, as the server works it out (the practice's
 * rate, credit cards only): Payment Plan Payment's surcharge lines, and what Restart Membership
 * charges a card other than the one on file. No loading indicator; asked once the card and amount
 * have rested for 300 ms, so typing an amount asks once.
 */
import useSWR from 'swr';
import { surcharge } from '../../embed-sdk/contract/surcharge.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from './data.js';
import { useDebouncedValue } from './useDebouncedValue.js';

export const SURCHARGE_DEBOUNCE_MS = 300;

/**
 * The surcharge and total for paying `amount` cents with a card; undefined until the lookup answers
 * for the current card and amount (nothing shows meanwhile: no spinner, no stale figures).
 */
export function useSurcharge(cardId: number | null, amount: number | null) {
  const sdk = useSdk();
  const asked = useDebouncedValue(
    cardId !== null && amount !== null ? `${cardId}:${amount}` : null,
    SURCHARGE_DEBOUNCE_MS,
  );
  const current = cardId !== null && amount !== null ? `${cardId}:${amount}` : null;
  const key = asked !== null && asked === current ? (['surcharge', cardId!, amount!] as const) : null;
  const lookup = useSWR(
    key,
    ([, customerSavedCardId, cents]) =>
      valueOf(
        sdk.api.call(surcharge, {
          body: { customerSavedCardId, amount: cents },
          noProgress: true,
          noBanner: true,
        }),
      ),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return { result: key ? lookup.data : undefined, failed: key !== null && !!lookup.error };
}
