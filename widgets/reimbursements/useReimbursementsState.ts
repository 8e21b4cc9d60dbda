/**
 * The Reimbursements list's state: its filter (the caller's, kept in the address by the portal, or
 * its own on a host page), the list of that filter, the carriers to filter by, whether the person may
 * enter a new reimbursement, and the reimbursement whose details are open.
 */
import { useState } from 'react';
import { useCallerRoles } from '../ui/practice.js';
import { EMPTY_FILTER, listBody, type ReimbursementFilter, type ReimbursementListBody } from './filter.js';
import { useCarriers, useLiveReimbursements, useReimbursementList } from './useReimbursements.js';

export interface FilterControl {
  /** The filter, when the caller keeps it (the portal: in the address). */
  filter?: ReimbursementFilter;
  onFilterChange?: (filter: ReimbursementFilter) => void;
}

export function useReimbursementsState(control: FilterControl) {
  const roles = useCallerRoles();
  const [ownFilter, setOwnFilter] = useState(EMPTY_FILTER);
  const filter = control.filter ?? ownFilter;
  const setFilter = control.onFilterChange ?? setOwnFilter;
  // A range that cannot be keeps the list the last one that could.
  const wanted = listBody(filter);
  const [lastValid, setLastValid] = useState<ReimbursementListBody | null>(null);
  if (wanted && JSON.stringify(wanted) !== JSON.stringify(lastValid)) setLastValid(wanted);
  const shownBody = wanted ?? lastValid;
  const list = useReimbursementList(shownBody);
  useLiveReimbursements();
  const carriers = useCarriers();
  const [openId, setOpenId] = useState<number | null>(null);
  return {
    filter,
    update: (change: Partial<ReimbursementFilter>) => setFilter({ ...filter, page: 1, ...change }),
    setPage: (page: number) => setFilter({ ...filter, page }),
    carriers: carriers.data?.carriers ?? [],
    list: {
      rows: shownBody ? list.data?.payments : [],
      total: list.data?.totalCount ?? 0,
      failed: !!list.error && !list.data,
      loading: list.isLoading && !list.data,
      stale: list.isLoading && !!list.data,
      retry: () => void list.mutate(),
    },
    canProcess: roles.has('PROCESSINSURANCEREIMBURSEMENT'),
    openId,
    setOpenId,
  };
}
