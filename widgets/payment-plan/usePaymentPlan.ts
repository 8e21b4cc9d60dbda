/**
 * The payment plan's server data, through SWR and the SDK only: the plan (read again when the
 * realtime hub reports a payment of it), and whether the signed-in user may change it. The changes
 * are in usePlanChanges.ts, loaded with the modal's body.
 */
import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { getPaymentPlan, PLAN_EDIT_ROLES } from '../../embed-sdk/contract/paymentPlan.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';
import { useCallerRoles, useCurrentCompany } from '../ui/practice.js';

const LIVE = { revalidateOnFocus: false, shouldRetryOnError: false };

export const planKey = (id: number) => ['paymentPlan', id] as const;

export function usePaymentPlanData(id: number) {
  const sdk = useSdk();
  return useSWR(
    planKey(id),
    () => valueOf(sdk.api.call(getPaymentPlan, { query: { paymentPlanId: id } })),
    LIVE,
  );
}

/** The current practice (the card-entry frame needs its ids), as every widget reads it. */
export { useCurrentCompany };

/** Whether the signed-in user may change payment plans in the current practice (EDITPAYMENTPLANS or admin). */
export function useCanEditPlans() {
  const roles = useCallerRoles();
  return PLAN_EDIT_ROLES.some(roles.has);
}

/** Reads the plan again when one of its payments (or a refund or void of one) is processed. */
export function useLiveRefresh(id: number) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const unsubscribe = sdk.on('transaction-processed', (event) => {
      if (event.paymentPlanId === id) void mutate(planKey(id));
    });
    // The hub connects on first use; without it the modal still shows what it loaded.
    sdk.realtime().catch(() => undefined);
    return unsubscribe;
  }, [sdk, mutate, id]);
}
