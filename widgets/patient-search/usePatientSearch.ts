/**
 * The patient search's server data, through SWR: the current practice, its clinics, the signed-in
 * user, search results and completed appointments. Keys are namespaced by resource, so every view
 * of the same data on a page shares one cache entry (and one refresh).
 *
 * None of these retries on its own: a failed call has already told the person (a banner), and a
 * retry loop would repeat that banner.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import { clinics, current } from '../../embed-sdk/contract/company.js';
import { patientsInPractice, searchPatient } from '../../embed-sdk/contract/patient.js';
import type { ApiResult } from '../../embed-sdk/api/types.js';
import { useSdk } from '../runtime/SdkContext.js';

/** Settings of the practice change rarely: load once per page. */
const ONCE: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
};

/** Results refresh when a term is searched again, not when the window regains focus. */
const SEARCH: SWRConfiguration = { revalidateOnFocus: false, shouldRetryOnError: false };

/** A business "no" (isSuccess false) becomes an error for SWR; its banner has been shown. */
export async function valueOf<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!result.isSuccess) throw new Error(result.errors[0] ?? 'The request was refused.');
  return result.value;
}

export function useCurrentCompany() {
  const sdk = useSdk();
  return useSWR(['company/current'], () => valueOf(sdk.api.call(current)), ONCE);
}

export function useClinics(enabled: boolean) {
  const sdk = useSdk();
  return useSWR(
    enabled ? ['company/clinics'] : null,
    () => valueOf(sdk.api.call(clinics, { noBanner: true })),
    ONCE,
  );
}

export function useProfile() {
  const sdk = useSdk();
  return useSWR(['auth/profile'], () => sdk.auth.getProfile(), ONCE);
}

/**
 * Patients matching `term` (already debounced and trimmed; empty searches nothing). The widget shows
 * its own spinner, so the page's loading indicator stays out of each keystroke.
 */
export function usePatientResults(term: string, clinicNum: number | undefined) {
  const sdk = useSdk();
  return useSWR(
    term === '' ? null : ['patient/search', term, clinicNum ?? null],
    () =>
      valueOf(
        sdk.api.call(searchPatient, {
          query: clinicNum === undefined ? { name: term } : { name: term, clinicNum },
          noProgress: true,
        }),
      ),
    SEARCH,
  );
}

export function useCompletedAppointments(enabled: boolean) {
  const sdk = useSdk();
  return useSWR(
    enabled ? ['patient/patientsInPractice'] : null,
    () => valueOf(sdk.api.call(patientsInPractice, { noProgress: true })),
    SEARCH,
  );
}

/** Whether a cache key holds patient lists that a saved patient may change. */
export function isPatientListKey(key: unknown): boolean {
  return Array.isArray(key) && (key[0] === 'patient/search' || key[0] === 'patient/patientsInPractice');
}
