/**
 * The patient search's first view (rendered by the server, widgets/firstViews.ts): with a term, the
 * search box and its results. The calls are the hooks' own (usePatientSearch.ts), so the server
 * fills exactly the cache entries the component reads.
 */
import type { CacheEntry } from '../runtime/renderFirstView.js';
import type { Sdk } from '../../embed-sdk/index.js';
import type { PatientSearchProps } from './PatientSearch.types.js';
import { companyQuery, resultsQuery } from './usePatientSearch.js';

export async function patientSearchFirstView(
  sdk: Sdk,
  props: PatientSearchProps,
): Promise<CacheEntry[] | null> {
  const term = props.term?.trim() ?? '';
  if (term === '') return null;
  const queries = [companyQuery(sdk), resultsQuery(sdk, term, props.clinicNum)];
  return Promise.all(queries.map(async (query): Promise<CacheEntry> => [query.key, await query.fetch()]));
}
