/**
 * The Payment Plans page's filter, kept in the address (`#/paymentplans?status=pastdue&q=…&page=2`),
 * so the dashboard's past-due link (portal/dashboard/attentionLinks.ts) opens it filtered and a
 * reload keeps it. The plan whose modal is open is there too (`paymentPlanId`, as the bell's
 * past-due rows link to it: portal/shell/bell/bellNotifications.ts).
 */
import type { PlanListStatus } from '../../../embed-sdk/contract/paymentPlan.js';
import { PAGE_SIZE } from '../../../widgets/ui/paging.js';

export { PAGE_SIZE, pageCount } from '../../../widgets/ui/paging.js';

export type StatusFilter = 'all' | 'active' | 'pastdue' | 'completed' | 'canceled';

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'pastdue', label: 'Past due' },
  { value: 'completed', label: 'Completed' },
  { value: 'canceled', label: 'Canceled' },
];

const STATUSES: Record<Exclude<StatusFilter, 'all'>, PlanListStatus> = {
  active: 'ACTIVE',
  pastdue: 'PAST_DUE',
  completed: 'COMPLETE',
  canceled: 'INACTIVE',
};

/** Other spellings an address may carry: the contract's own values and the British "cancelled". */
const ALIASES: Record<string, StatusFilter> = {
  past_due: 'pastdue',
  'past-due': 'pastdue',
  complete: 'completed',
  inactive: 'canceled',
  cancelled: 'canceled',
};

export interface PlanFilter {
  search: string;
  status: StatusFilter;
  page: number;
  /** The plan shown in the detail modal. */
  planId: number | null;
}

export function filterFromParams(params: URLSearchParams): PlanFilter {
  const raw = (params.get('status') ?? 'all').toLowerCase();
  const status = ALIASES[raw] ?? raw;
  const page = Number(params.get('page') ?? '1');
  const planId = Number(params.get('paymentPlanId') ?? '');
  return {
    search: params.get('q') ?? '',
    status: STATUS_FILTERS.some((f) => f.value === status) ? (status as StatusFilter) : 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    planId: Number.isSafeInteger(planId) && planId >= 1 ? planId : null,
  };
}

export function paramsFromFilter(filter: PlanFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('q', filter.search);
  if (filter.status !== 'all') params.set('status', filter.status);
  if (filter.page > 1) params.set('page', String(filter.page));
  if (filter.planId !== null) params.set('paymentPlanId', String(filter.planId));
  return params;
}

/** The list call's body. */
export function listBody(filter: PlanFilter) {
  const search = filter.search.trim().slice(0, 100);
  return {
    ...(filter.status !== 'all' ? { status: STATUSES[filter.status] } : {}),
    ...(search ? { search } : {}),
    page: filter.page,
    pageSize: PAGE_SIZE,
  };
}

const EMPTY: Record<StatusFilter, string> = {
  all: 'No payment plans yet.',
  active: 'No active payment plans.',
  pastdue: 'No payment plans are past due.',
  completed: 'No completed payment plans.',
  canceled: 'No canceled payment plans.',
};

const MATCHING: Record<StatusFilter, string> = {
  all: 'payment plans',
  active: 'active payment plans',
  pastdue: 'past-due payment plans',
  completed: 'completed payment plans',
  canceled: 'canceled payment plans',
};

/** What the page says when the filter finds nothing. */
export function emptyText(filter: PlanFilter): string {
  const search = filter.search.trim();
  if (search) return `No ${MATCHING[filter.status]} match “${search}”.`;
  return EMPTY[filter.status];
}
