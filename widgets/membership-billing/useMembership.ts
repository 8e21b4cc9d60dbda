/**
 * The membership's server data, through SWR and the SDK only: the membership (read again when the
 * realtime hub reports a payment of it), and what the signed-in person may do with memberships. The
 * changes are in useMembershipChanges.ts, loaded with the modal's body.
 */
import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  getCustomerMembershipBilling,
  MEMBERSHIP_EDIT_ROLES,
  MEMBERSHIP_VIEW_ROLES,
} from '../../embed-sdk/contract/membership.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';
import { useCallerRoles } from '../ui/practice.js';
import type { MembershipRoles } from './membershipView.js';

const LIVE = { revalidateOnFocus: false, shouldRetryOnError: false };

export const membershipKey = (id: number) => ['customerMembershipBilling', id] as const;

export function useMembershipData(id: number) {
  const sdk = useSdk();
  return useSWR(
    membershipKey(id),
    () => valueOf(sdk.api.call(getCustomerMembershipBilling, { query: { id } })),
    LIVE,
  );
}

/** EDITMEMBERSHIPS and VIEWMEMBERSHIPS in the current practice (an administrator has both). */
export function useMembershipRoles(): MembershipRoles {
  const roles = useCallerRoles();
  return {
    canEdit: MEMBERSHIP_EDIT_ROLES.some(roles.has),
    canView: MEMBERSHIP_VIEW_ROLES.some(roles.has),
  };
}

/**
 * Reads the membership again when the hub reports it: one of its payments processed (a billing, a
 * retry, a refund or void, the first charge of a completed enrolment), or the membership itself
 * changed (the patient completed the enrolment, so an awaiting modal leaves Awaiting live; the
 * billing run renewed, expired or canceled it).
 */
export function useLiveRefresh(id: number) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const refresh = (membershipId: number | null) => {
      if (membershipId === id) void mutate(membershipKey(id));
    };
    const unsubscribes = [
      sdk.on('transaction-processed', (event) => refresh(event.customerMembershipBillingId)),
      sdk.on('membership-updated', (event) => refresh(event.customerMembershipBillingId)),
    ];
    // The hub connects on first use; without it the modal still shows what it loaded.
    sdk.realtime().catch(() => undefined);
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [sdk, mutate, id]);
}
