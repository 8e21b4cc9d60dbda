/**
 * The spec's search states: ready (nothing to search for), results.loading, results.complete. A
 * failed search ends in results.complete too. A term still waiting out the debounce counts as
 * loading, so the list never shows the previous term's results as if they answered the new one.
 */

export type SearchState = 'ready' | 'results.loading' | 'results.complete';

export function searchState(search: {
  /** The typed term, trimmed. */
  term: string;
  /** The term the search was made for (after the debounce), trimmed. */
  searchedTerm: string;
  /** The search for `searchedTerm` answered, with results or with an error. */
  settled: boolean;
}): SearchState {
  if (search.term === '') return 'ready';
  if (search.term !== search.searchedTerm || !search.settled) return 'results.loading';
  return 'results.complete';
}
