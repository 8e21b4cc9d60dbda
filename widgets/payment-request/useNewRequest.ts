/** The New Payment Request's server calls: a patient's contact details, create. */
import { useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { getCustomer } from '../../embed-sdk/contract/patient.js';
import { create, type PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled, valueOf } from '../ui/data.js';
import { newRequestBody, type NewRequestValues } from './newRequest.js';
import { isRequestListKey } from './requestListKey.js';

export function useCustomerContact(customerId: number | null) {
  const sdk = useSdk();
  return useSWR(
    customerId === null ? null : ['customer', customerId],
    () => valueOf(sdk.api.call(getCustomer, { query: { id: customerId! } })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** Creates the request with one idempotency key per opened form, so a double submit sends once. */
export function useCreateRequest() {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  return useCallback(
    async (values: NewRequestValues): Promise<PaymentRequest | null> => {
      const request = await settled(sdk.api.call(create, { body: newRequestBody(values), idempotencyKey }));
      if (request) await mutate(isRequestListKey);
      return request;
    },
    [sdk, mutate, idempotencyKey],
  );
}
