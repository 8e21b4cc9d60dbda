/**
 * The Payment Plan Payment dialog's calls: processBalance with the form's idempotency key, and the
 * surcharge of a card payment (no loading indicator, asked once the card and amount have rested for
 * 300 ms).
 */
import { useCallback } from 'react';
import useSWR from 'swr';
import { isApiError } from '../../embed-sdk/api/errors.js';
import {
  processBalance,
  type ChargeOutcome,
  type PaymentPlan,
} from '../../embed-sdk/contract/paymentPlan.js';
import { surcharge } from '../../embed-sdk/contract/surcharge.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import type { paymentBody } from './paymentForm.js';
import { useStorePlan } from './usePlanChanges.js';

export const SURCHARGE_DEBOUNCE_MS = 300;

export type PaymentAnswer =
  /** Recorded: a charge's outcome (approved or declined), or null for an adjustment. */
  | { recorded: true; outcome: ChargeOutcome | null }
  /**
   * Not recorded. `answered`: the server said why (its banner is shown) and this key is used up;
   * otherwise no answer came and a retry with the same key is the same payment.
   */
  | { recorded: false; answered: boolean };

export function useProcessPayment(planId: number, onChanged: (plan: PaymentPlan) => void) {
  const sdk = useSdk();
  const store = useStorePlan(planId, onChanged);
  return useCallback(
    async (body: ReturnType<typeof paymentBody>, idempotencyKey: string): Promise<PaymentAnswer> => {
      try {
        const result = await sdk.api.call(processBalance, { body, idempotencyKey });
        if (!result.isSuccess) return { recorded: false, answered: true };
        await store(result.value.plan);
        return { recorded: true, outcome: result.value.outcome };
      } catch (error) {
        return { recorded: false, answered: !isApiError(error) || error.status !== 0 };
      }
    },
    [sdk, store],
  );
}

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
