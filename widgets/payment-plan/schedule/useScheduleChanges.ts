/**
 * The schedule's changes through the SDK (part 2, section 7): updateDetail, moveDetail and
 * processPaymentNow. A refusal has shown the server's message as a banner (the SDK's client does
 * that): the change then answers null.
 */
import { useCallback } from 'react';
import {
  moveDetail,
  processPaymentNow,
  updateDetail,
  type ChargeOutcome,
  type PaymentPlan,
  type SkipAction,
} from '../../../embed-sdk/contract/paymentPlan.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { settled } from '../../ui/data.js';

export interface DetailUpdate {
  id: number;
  billingDate: string;
  amountDue: number;
  updateRemaining: boolean;
}

export function useScheduleChanges(paymentPlanId: number) {
  const sdk = useSdk();
  const update = useCallback(
    (change: DetailUpdate): Promise<PaymentPlan | null> =>
      settled(sdk.api.call(updateDetail, { body: { paymentPlanId, ...change } })),
    [sdk, paymentPlanId],
  );
  const skip = useCallback(
    (id: number, action: SkipAction): Promise<PaymentPlan | null> =>
      settled(sdk.api.call(moveDetail, { body: { id, action } })),
    [sdk],
  );
  const processNow = useCallback(
    (paymentPlanDetailId: number): Promise<{ outcome: ChargeOutcome; plan: PaymentPlan } | null> =>
      settled(sdk.api.call(processPaymentNow, { body: { paymentPlanDetailId } })),
    [sdk],
  );
  return { update, skip, processNow };
}
