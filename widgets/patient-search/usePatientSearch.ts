/**
 * The patient search's server data, through SWR: the current practice, its clinics, the signed-in
 * user, search results and completed appointments. Keys are namespaced by resource, so every view
 * of the same data on a page shares one cache entry (and one refresh).
 *
 * None of these retries on its own: a failed call has already told the person (a banner), and a
 * retry loop would repeat that banner.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import { clinics, current, type CurrentCompany } from '../../embed-sdk/contract/company.js';
import { patientsInPractice, searchPatient, type PatientList } from '../../embed-sdk/contract/patient.js';
import type { Sdk } from '../../embed-sdk/index.js';
import { useSdk } from '../runtime/SdkContext.js';
import { ONCE, valueOf } from '../ui/data.js';

/** Results refresh when a term is searched again, not when the window regains focus. */
const SEARCH: SWRConfiguration = { revalidateOnFocus: false, shouldRetryOnError: false };

/** A cache key and the call that fills it: shared by the hooks and the server's first view. */
export interface Query<T> {
  key: readonly unknown[];
  fetch(): Promise<T>;
}

export const companyQuery = (sdk: Sdk): Query<CurrentCompany> => ({
  key: ['company/current'],
  fetch: () => valueOf(sdk.api.call(current)),
});

export const resultsQuery = (sdk: Sdk, term: string, clinicNum: number | undefined): Query<PatientList> => ({
  key: ['patient/search', term, clinicNum ?? null],
  fetch: () =>
    valueOf(
      sdk.api.call(searchPatient, {
        query: clinicNum === undefined ? { name: term } : { name: term, clinicNum },
        noProgress: true,
      }),
    ),
});

export function useCurrentCompany() {
  const query = companyQuery(useSdk());
  return useSWR(query.key, query.fetch, ONCE);
}

export function useClinics(enabled: boolean) {
  const sdk = useSdk();
  return useSWR(
    enabled ? ['company/clinics'] : null,
    () => valueOf(sdk.api.call(clinics, { noBanner: true })),
    ONCE,
  );
}

/**
 * Patients matching `term` (already debounced and trimmed; empty searches nothing). The widget shows
 * its own spinner, so the page's loading indicator stays out of each keystroke.
 */
export function usePatientResults(term: string, clinicNum: number | undefined) {
  const query = resultsQuery(useSdk(), term, clinicNum);
  return useSWR(term === '' ? null : query.key, query.fetch, SEARCH);
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
