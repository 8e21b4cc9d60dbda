/**
 * The Payment Plans page's filter, kept in the address (`#/paymentplans?status=pastdue&q=…&page=2`),
 * so the dashboard's past-due link (portal/dashboard/attentionLinks.ts) opens it filtered and a
 * reload keeps it. The plan whose modal is open is there too (`paymentPlanId`, as the bell's
 * past-due rows link to it: portal/shell/bell/bellNotifications.ts).
 */
import type { PlanListStatus } from '../../../embed-sdk/contract/paymentPlan.js';
import { statusListFilter, type StatusListFilter } from '../../components/statusListFilter.js';

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
const ALIASES: Record<string, Exclude<StatusFilter, 'all'>> = {
  past_due: 'pastdue',
  'past-due': 'pastdue',
  complete: 'completed',
  inactive: 'canceled',
  cancelled: 'canceled',
};

export type PlanFilter = StatusListFilter<Exclude<StatusFilter, 'all'>, 'planId'>;

export const planFilters = statusListFilter({
  statuses: STATUSES,
  aliases: ALIASES,
  /** The plan shown in the detail modal. */
  openKey: 'planId',
  openParam: 'paymentPlanId',
  empty: {
    all: 'No payment plans yet.',
    active: 'No active payment plans.',
    pastdue: 'No payment plans are past due.',
    completed: 'No completed payment plans.',
    canceled: 'No canceled payment plans.',
  },
  matching: {
    all: 'payment plans',
    active: 'active payment plans',
    pastdue: 'past-due payment plans',
    completed: 'completed payment plans',
    canceled: 'canceled payment plans',
  },
});

export const { filterFromParams, paramsFromFilter, listBody, emptyText } = planFilters;
