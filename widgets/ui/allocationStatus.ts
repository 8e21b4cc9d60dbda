/**
 * A payment's allocation so far (GET /api/transaction/allocation): what it may still be split
 * across. Its own module, so that a list which only offers Allocate from a menu loads the
 * allocation's contract with the menu, not with the list.
 */
import useSWR from 'swr';
import { allocationStatus } from '../../embed-sdk/contract/allocation.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from './data.js';

export const allocationStatusKey = (transactionId: number) =>
  ['transaction/allocation', transactionId] as const;

/** A payment's allocation so far (what it may still be split across); nothing asked while `enabled` is false. */
export function useAllocationStatus(transactionId: number, enabled: boolean) {
  const sdk = useSdk();
  return useSWR(
    enabled ? allocationStatusKey(transactionId) : null,
    () => valueOf(sdk.api.call(allocationStatus, { query: { transactionId }, noBanner: true })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
