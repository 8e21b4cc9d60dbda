/** The payment requests list, as the Payment Requests page and the patient page read it. */
import useSWR from 'swr';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { requestListKey } from '../../../widgets/payment-request/index.js';
import type { BodyIn } from '../../../embed-sdk/contract/endpoint.js';
import { list as listPaymentRequests } from '../../../embed-sdk/contract/paymentRequest.js';
import { valueOf } from '../../data/valueOf.js';

export function useRequestList(body: BodyIn<typeof listPaymentRequests>, enabled = true) {
  const sdk = useSdk();
  return useSWR(
    enabled ? requestListKey(body) : null,
    () => valueOf(sdk.api.call(listPaymentRequests, { body })),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
}
