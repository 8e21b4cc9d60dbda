/** The payment plans list, as the Payment Plans page and the patient page read it. */
import useSWR from 'swr';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { list as listPaymentPlans, type PlanListStatus } from '../../../embed-sdk/contract/paymentPlan.js';
import { valueOf } from '../../data/valueOf.js';

export interface PlanListBody {
  status?: PlanListStatus;
  search?: string;
  customerId?: number;
  page: number;
  pageSize: number;
}

/** The list's SWR entries (the New Payment Plan dialog refreshes them too): every view of plans refreshes after a change. */
export const isPlanListKey = (key: unknown) => Array.isArray(key) && key[0] === 'paymentPlan/list';

export function usePlanList(body: PlanListBody, enabled = true) {
  const sdk = useSdk();
  return useSWR(
    enabled ? ['paymentPlan/list', JSON.stringify(body)] : null,
    () => valueOf(sdk.api.call(listPaymentPlans, { body })),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
}
