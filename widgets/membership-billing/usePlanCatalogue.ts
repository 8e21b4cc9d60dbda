/**
 * The practice's plan catalogue, every plan with the retired ones (the catalogue's order is over all
 * of them): one SWR entry, which New Membership offers its plans from and Membership Administration
 * edits, so a plan changed there is the plan offered here.
 */
import useSWR from 'swr';
import { listPlans } from '../../embed-sdk/contract/membership.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';

const CATALOGUE_KEY = ['membershipPlan/list', 'withRetired'] as const;

const QUIET = { revalidateOnFocus: false, shouldRetryOnError: false };

export function usePlanCatalogue(enabled = true) {
  const sdk = useSdk();
  return useSWR(
    enabled ? CATALOGUE_KEY : null,
    () => valueOf(sdk.api.call(listPlans, { query: { includeRetired: true } })),
    QUIET,
  );
}
