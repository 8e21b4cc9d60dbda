/**
 * The memberships as the portal's lists read them: the Memberships page's list and tiles, and a
 * patient's memberships on the patient page. Every view refreshes together after a change (the
 * modal's, an enrolment, the hub's), through `refreshMemberships`.
 */
import { useCallback, useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  forCustomer,
  list as listMemberships,
  summary as membershipSummary,
  type MembershipListStatus,
} from '../../../embed-sdk/contract/membership.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';

export interface MembershipListBody {
  status?: MembershipListStatus;
  search?: string;
  page: number;
  pageSize: number;
}

const QUIET = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

const KEYS = [
  'customerMembershipBilling/list',
  'customerMembershipBilling/summary',
  'customerMembershipBilling/forCustomer',
];

/** Every SWR entry of the membership lists and tiles. */
export const isMembershipsKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && KEYS.includes(key[0]);

export function useMembershipList(body: MembershipListBody) {
  const sdk = useSdk();
  return useSWR(
    ['customerMembershipBilling/list', JSON.stringify(body)],
    () => valueOf(sdk.api.call(listMemberships, { body })),
    QUIET,
  );
}

export function useMembershipSummary() {
  const sdk = useSdk();
  return useSWR(
    ['customerMembershipBilling/summary'],
    () => valueOf(sdk.api.call(membershipSummary, { noBanner: true })),
    QUIET,
  );
}

export function useCustomerMemberships(customerId: number, enabled = true) {
  const sdk = useSdk();
  return useSWR(
    enabled ? ['customerMembershipBilling/forCustomer', customerId] : null,
    () => valueOf(sdk.api.call(forCustomer, { query: { customerId } })),
    QUIET,
  );
}

/** Reads every membership list and the tiles again. */
export function useRefreshMemberships() {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(isMembershipsKey), [mutate]);
}

/**
 * Reads the lists and tiles again when the hub reports a membership changed (a patient completed
 * their enrolment: the row leaves Awaiting live; the billing run charged, renewed or ended one) or
 * one of its payments was processed.
 */
export function useLiveMemberships() {
  const sdk = useSdk();
  const refresh = useRefreshMemberships();
  useEffect(() => {
    const unsubscribes = [
      sdk.on('membership-updated', refresh),
      sdk.on('transaction-processed', (event) => {
        if (event.customerMembershipBillingId !== null) refresh();
      }),
    ];
    // The hub connects on first use; without it the lists still show what they loaded.
    sdk.realtime().catch(() => undefined);
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [sdk, refresh]);
}
