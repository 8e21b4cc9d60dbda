/**
 * The reimbursements' server data, through SWR and the SDK only: the filtered list, the carriers, one
 * reimbursement, a carrier's sent claims, and the live refresh. A patient paying their share's
 * payment request (a text-to-pay payment, with its request's id) or a virtual card's INSURANCE
 * payment changes what the lists and an open Reimbursement Details show: they read again, with no
 * reload.
 */
import { useEffect } from 'react';
import useSWR, { preload, useSWRConfig } from 'swr';
import {
  carriers as carriersCall,
  claims as claimsCall,
  getInsurancePayment,
  list as listCall,
} from '../../embed-sdk/contract/insurance.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';
import type { ReimbursementListBody } from './filter.js';

const LIST = 'insurance/list';
const ONE = 'insurance/payment';
const CARRIERS = 'insurance/carriers';
const CLAIMS = 'insurance/claims';

const LIVE = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

const isKey = (name: string) => (key: unknown) => Array.isArray(key) && key[0] === name;
export const isReimbursementListKey = isKey(LIST);
export const isReimbursementKey = isKey(ONE);

export function useReimbursementList(body: ReimbursementListBody | null) {
  const sdk = useSdk();
  return useSWR(
    body && [LIST, JSON.stringify(body)],
    () => valueOf(sdk.api.call(listCall, { body: body! })),
    LIVE,
  );
}

/** The practice's carriers, by name (the filter's and the new reimbursement's choices). */
export function useCarriers() {
  const sdk = useSdk();
  return useSWR(CARRIERS, () => valueOf(sdk.api.call(carriersCall, {})), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

type Sdk = ReturnType<typeof useSdk>;
const oneKey = (id: number) => [ONE, id];
const readOne = (sdk: Sdk, id: number) => () => valueOf(sdk.api.call(getInsurancePayment, { query: { id } }));

export function useReimbursement(id: number) {
  const sdk = useSdk();
  return useSWR(oneKey(id), readOne(sdk, id), LIVE);
}

/**
 * Starts reading a reimbursement as its details are asked for, before their modal's code is here:
 * the modal's own read takes this answer instead of asking again.
 */
export function usePreloadReimbursement() {
  const sdk = useSdk();
  return (id: number) => void preload(oneKey(id), readOne(sdk, id)).catch(() => undefined);
}

/** A carrier's sent claims, none asked for until a carrier is chosen. */
export function useClaims(carrierName: string) {
  const sdk = useSdk();
  return useSWR(
    carrierName ? [CLAIMS, carrierName] : null,
    () => valueOf(sdk.api.call(claimsCall, { query: { carrierName } })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** Keeps every reimbursement list and details on this page current with the realtime hub. */
export function useLiveReimbursements() {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const offShares = sdk.on('insurance-payment-updated', (event) => {
      void mutate(isReimbursementListKey);
      void mutate([ONE, event.insurancePaymentId]);
    });
    const offCards = sdk.on('transaction-processed', (event) => {
      if (event.source === 'INSURANCE') void mutate(isReimbursementListKey);
    });
    sdk.realtime().catch(() => undefined);
    return () => {
      offShares();
      offCards();
    };
  }, [sdk, mutate]);
}

/** After a new reimbursement: the lists, the carriers and the claims read again. */
export function useRefreshReimbursements() {
  const { mutate } = useSWRConfig();
  return () => Promise.all([mutate(isReimbursementListKey), mutate(CARRIERS), mutate(isKey(CLAIMS))]);
}
