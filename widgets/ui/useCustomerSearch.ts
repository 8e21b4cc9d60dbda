/** The practice's patients whose name starts with `term` (already debounced); nothing for an empty term. */
import useSWR from 'swr';
import { searchCustomer } from '../../embed-sdk/contract/patient.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from './data.js';

const QUIET = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

export function useCustomerSearch(term: string) {
  const sdk = useSdk();
  const name = term.trim();
  return useSWR(
    name === '' ? null : ['customer/search', name],
    () => valueOf(sdk.api.call(searchCustomer, { query: { name }, noProgress: true })),
    QUIET,
  );
}
