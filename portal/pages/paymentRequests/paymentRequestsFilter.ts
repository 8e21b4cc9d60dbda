/**
 * The Payment Requests page's filter, kept in the address (`#/notifications?status=unpaid&q=…`), so
 * the dashboard's link opens it filtered and a reload keeps it.
 */
import type { PaymentRequestStatus } from '../../../embed-sdk/contract/paymentRequest.js';
import { PAGE_SIZE } from '../../../widgets/ui/paging.js';

export { PAGE_SIZE, pageCount } from '../../../widgets/ui/paging.js';

export type StatusFilter = 'all' | 'unpaid' | 'paid' | 'cancelled';

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'cancelled', label: 'Cancelled' },
];

export interface RequestFilter {
  search: string;
  status: StatusFilter;
  startDate: string;
  endDate: string;
  page: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filterFromParams(params: URLSearchParams): RequestFilter {
  const status = (params.get('status') ?? 'all').toLowerCase();
  const page = Number(params.get('page') ?? '1');
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return ISO_DAY.test(v) ? v : '';
  };
  return {
    search: params.get('q') ?? '',
    status: STATUS_FILTERS.some((f) => f.value === status) ? (status as StatusFilter) : 'all',
    startDate: day('from'),
    endDate: day('to'),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsFromFilter(filter: RequestFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('q', filter.search);
  if (filter.status !== 'all') params.set('status', filter.status);
  if (filter.startDate) params.set('from', filter.startDate);
  if (filter.endDate) params.set('to', filter.endDate);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

const STATUSES: Record<Exclude<StatusFilter, 'all'>, PaymentRequestStatus> = {
  unpaid: 'UNPAID',
  paid: 'PAID',
  cancelled: 'CANCELLED',
};

/** The list call's body (an end date before the start date is not sent: the fields say so). */
export function listBody(filter: RequestFilter) {
  const datesValid = !filter.startDate || !filter.endDate || filter.startDate <= filter.endDate;
  return {
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(filter.status !== 'all' ? { statuses: [STATUSES[filter.status]] } : {}),
    ...(filter.startDate && datesValid ? { startDate: filter.startDate } : {}),
    ...(filter.endDate && datesValid ? { endDate: filter.endDate } : {}),
    page: filter.page,
    pageSize: PAGE_SIZE,
  };
}
