/**
 * The practice's patients for a term a person searched for (Move Payment, Associate Transaction):
 * asked when they press Search, not as they type.
 */
import useSWR from 'swr';
import { searchPatient } from '../../embed-sdk/contract/patient.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';

export function usePatientLookup(term: string | null) {
  const sdk = useSdk();
  const name = term?.trim() ?? '';
  return useSWR(
    name === '' ? null : ['transaction/patientLookup', name],
    () => valueOf(sdk.api.call(searchPatient, { query: { name } })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
