/**
 * A list page's filter read from and written to the address (statusListFilter.ts): a change of
 * search or status starts again at page 1; opening a record keeps the filter; closing it takes only
 * its parameter away, from the address as it is then (the modal closes after the page may have
 * moved on).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

interface FilterInAddress<F extends { page: number }> {
  filterFromParams: (params: URLSearchParams) => F;
  paramsFromFilter: (filter: F) => URLSearchParams;
  /** The address's parameter of the open record, on a list whose records open in a modal. */
  openParam?: string;
}

export function useFilterInAddress<F extends { page: number }>(filters: FilterInAddress<F>) {
  const { filterFromParams, paramsFromFilter, openParam } = filters;
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  /** A new search, status or page. */
  const update = (change: Partial<F>) =>
    setParams(paramsFromFilter({ ...filter, page: 1, ...change }), { replace: true });
  /** Opens a record's modal (the filter's open record). */
  const show = (change: Partial<F>) =>
    setParams(paramsFromFilter({ ...filter, ...change }), { replace: true });
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          if (openParam) current.delete(openParam);
          return current;
        },
        { replace: true },
      ),
    [setParams, openParam],
  );
  return { filter, update, show, close };
}
