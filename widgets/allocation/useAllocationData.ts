/**
 * The allocation's server data, through SWR and the SDK only: the procedures due (the patient's, or
 * with Family the whole family's), the treatment plans, the family, and the save. Refresh
 * Procedures reads the procedures and plans again.
 */
import useSWR from 'swr';
import {
  allocate,
  family,
  getProceduresDue,
  treatmentplans,
  type AllocationStatus,
} from '../../embed-sdk/contract/allocation.js';
import type { AssociateProcedure } from '../../embed-sdk/contract/transaction.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled, valueOf } from '../ui/data.js';

const READ = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

export const proceduresKey = (patNum: number, withFamily: boolean) =>
  ['patient/getProceduresDue', patNum, withFamily] as const;
export const plansKey = (patNum: number, withFamily: boolean) =>
  ['patient/treatmentplans', patNum, withFamily] as const;
export const familyKey = (patNum: number) => ['patient/family', patNum] as const;

export function useAllocationData(customerKey: number, withFamily: boolean) {
  const sdk = useSdk();
  const procedures = useSWR(
    proceduresKey(customerKey, withFamily),
    () =>
      valueOf(
        sdk.api.call(getProceduresDue, {
          query: withFamily ? { id: customerKey, family: true } : { id: customerKey },
        }),
      ),
    READ,
  );
  const plans = useSWR(
    plansKey(customerKey, withFamily),
    () =>
      valueOf(
        sdk.api.call(treatmentplans, {
          query: withFamily ? { patNum: customerKey, family: true } : { patNum: customerKey },
        }),
      ),
    READ,
  );
  const members = useSWR(
    withFamily ? familyKey(customerKey) : null,
    () => valueOf(sdk.api.call(family, { query: { patNum: customerKey } })),
    READ,
  );
  return {
    procedures,
    plans,
    family: members,
    refresh: () => Promise.all([procedures.mutate(), plans.mutate()]),
  };
}

/** Splits the payment across the lines; the key makes a repeated save change nothing. */
export function useAllocate() {
  const sdk = useSdk();
  return async (
    transactionId: number,
    procedures: AssociateProcedure[],
    idempotencyKey: string,
  ): Promise<AllocationStatus | null> =>
    settled(sdk.api.call(allocate, { body: { transactionId, procedures }, idempotencyKey }));
}
