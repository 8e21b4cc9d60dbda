/**
 * The Reimbursements list's filter: a date range (the days the carriers paid) and a carrier, and the
 * page. It reads from and writes to an address's query (the portal's `#/insurance?from=…&to=…&
 * carrier=…&page=2`), so a link or a reload keeps it, as the transactions list's does.
 */
import { formatIsoDay } from '../../embed-sdk/format/date.js';
import { PAGE_SIZE } from '../ui/paging.js';

export interface ReimbursementFilter {
  /** The range's days (YYYY-MM-DD), '' when open. */
  startDate: string;
  endDate: string;
  /** A carrier's name, '' for every carrier. */
  carrierName: string;
  page: number;
}

export const EMPTY_FILTER: ReimbursementFilter = { startDate: '', endDate: '', carrierName: '', page: 1 };

/** The list call's body (the contract's `list`). */
export interface ReimbursementListBody {
  startDate?: string;
  endDate?: string;
  carrierName?: string;
  page: number;
  pageSize: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filterFromParams(params: URLSearchParams): ReimbursementFilter {
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return ISO_DAY.test(v) && formatIsoDay(v) === v ? v : '';
  };
  const page = Number(params.get('page') ?? '1');
  return {
    startDate: day('from'),
    endDate: day('to'),
    carrierName: (params.get('carrier') ?? '').trim().slice(0, 100),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsFromFilter(filter: ReimbursementFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.startDate) params.set('from', filter.startDate);
  if (filter.endDate) params.set('to', filter.endDate);
  if (filter.carrierName.trim()) params.set('carrier', filter.carrierName.trim());
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export function datesOutOfOrder(filter: Pick<ReimbursementFilter, 'startDate' | 'endDate'>): boolean {
  return !!filter.startDate && !!filter.endDate && filter.startDate > filter.endDate;
}

/**
 * The list call's body, ten to a page. Null for a range that cannot be (its end before its start):
 * the field says so, and the list keeps what it showed last.
 */
export function listBody(filter: ReimbursementFilter): ReimbursementListBody | null {
  if (datesOutOfOrder(filter)) return null;
  return {
    ...(filter.startDate ? { startDate: filter.startDate } : {}),
    ...(filter.endDate ? { endDate: filter.endDate } : {}),
    ...(filter.carrierName.trim() ? { carrierName: filter.carrierName.trim() } : {}),
    page: filter.page,
    pageSize: PAGE_SIZE,
  };
}

/** Whether anything narrows the list (the bar then offers Clear filters). */
export function isFiltered(filter: ReimbursementFilter): boolean {
  return paramsFromFilter({ ...filter, page: 1 }).toString() !== '';
}
