/**
 * A patient's record (name and contact details) as the card dialogs read it: their titles name the
 * patient, the card request starts from their mobile and e-mail. One SWR entry per patient, read once
 * per dialog, not on focus.
 */
import useSWR from 'swr';
import { getCustomer } from '../../embed-sdk/contract/patient.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from './data.js';

const ONCE_PER_DIALOG = { revalidateOnFocus: false, shouldRetryOnError: false };

/** The patient (nothing is asked until `enabled`). */
export function useCustomer(customerId: number, enabled: boolean) {
  const sdk = useSdk();
  return useSWR(
    enabled ? ['customer', customerId] : null,
    () => valueOf(sdk.api.call(getCustomer, { query: { id: customerId } })),
    ONCE_PER_DIALOG,
  );
}
