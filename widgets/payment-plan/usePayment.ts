/**
 * The Payment Plan Payment dialog's call: processBalance with the form's idempotency key (the
 * surcharge of a card payment is ui/useSurcharge.ts).
 */
import { useCallback } from 'react';
import { isApiError } from '../../embed-sdk/api/errors.js';
import {
  processBalance,
  type ChargeOutcome,
  type PaymentPlan,
} from '../../embed-sdk/contract/paymentPlan.js';
import { useSdk } from '../runtime/SdkContext.js';
import type { paymentBody } from './paymentForm.js';
import { useStorePlan } from './usePlanChanges.js';

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
