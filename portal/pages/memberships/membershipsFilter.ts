/**
 * The Memberships page's filter, kept in the address (`#/customermembershipbillings?status=pastdue&
 * q=…&page=2`) as the other list pages keep theirs, so a link or a reload keeps it. The membership
 * whose modal is open is there too (`customerMembershipBillingId`, as the bell's membership rows link
 * to it: portal/shell/bell/bellNotifications.ts).
 */
import type { MembershipListStatus } from '../../../embed-sdk/contract/membership.js';
import { PAGE_SIZE } from '../../../widgets/ui/paging.js';

export type StatusFilter = 'all' | 'active' | 'awaiting' | 'pastdue' | 'expiring' | 'expired' | 'canceled';

/** The filters, the Expiring one named with the practice's membershipDays. */
export function statusFilters(membershipDays: number): { value: StatusFilter; label: string }[] {
  return [
    { value: 'all', label: 'All' },
    { value: 'active', label: 'Active' },
    { value: 'awaiting', label: 'Awaiting' },
    { value: 'pastdue', label: 'Past due' },
    { value: 'expiring', label: `Expiring within ${membershipDays} days` },
    { value: 'expired', label: 'Expired' },
    { value: 'canceled', label: 'Canceled' },
  ];
}

const STATUSES: Record<Exclude<StatusFilter, 'all'>, MembershipListStatus> = {
  active: 'ACTIVE',
  awaiting: 'AWAITING',
  pastdue: 'PAST_DUE',
  expiring: 'EXPIRING',
  expired: 'EXPIRED',
  canceled: 'CANCELED',
};

/** Other spellings an address may carry: the contract's own values, the entity's and "cancelled". */
const ALIASES: Record<string, StatusFilter> = {
  past_due: 'pastdue',
  'past-due': 'pastdue',
  awaitingpatient: 'awaiting',
  inactive: 'canceled',
  cancelled: 'canceled',
};

export interface MembershipFilter {
  search: string;
  status: StatusFilter;
  page: number;
  /** The membership shown in the 'Membership for {name}' modal. */
  membershipId: number | null;
}

const positive = (raw: string | null) => {
  const n = Number(raw ?? '');
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
};

export function filterFromParams(params: URLSearchParams): MembershipFilter {
  const raw = (params.get('status') ?? 'all').toLowerCase();
  const status = ALIASES[raw] ?? raw;
  return {
    search: params.get('q') ?? '',
    status: Object.hasOwn(STATUSES, status) ? (status as StatusFilter) : 'all',
    page: positive(params.get('page')) ?? 1,
    membershipId: positive(params.get('customerMembershipBillingId')),
  };
}

export function paramsFromFilter(filter: MembershipFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('q', filter.search);
  if (filter.status !== 'all') params.set('status', filter.status);
  if (filter.page > 1) params.set('page', String(filter.page));
  if (filter.membershipId !== null) params.set('customerMembershipBillingId', String(filter.membershipId));
  return params;
}

/** The list call's body. */
export function listBody(filter: MembershipFilter) {
  const search = filter.search.trim().slice(0, 100);
  return {
    ...(filter.status !== 'all' ? { status: STATUSES[filter.status] } : {}),
    ...(search ? { search } : {}),
    page: filter.page,
    pageSize: PAGE_SIZE,
  };
}

const EMPTY: Record<StatusFilter, string> = {
  all: 'No memberships yet.',
  active: 'No active memberships.',
  awaiting: 'No memberships are awaiting the patient.',
  pastdue: 'No memberships are past due.',
  expiring: 'No memberships expire soon.',
  expired: 'No expired memberships.',
  canceled: 'No canceled memberships.',
};

const MATCHING: Record<StatusFilter, string> = {
  all: 'memberships',
  active: 'active memberships',
  awaiting: 'awaiting memberships',
  pastdue: 'past-due memberships',
  expiring: 'expiring memberships',
  expired: 'expired memberships',
  canceled: 'canceled memberships',
};

/** What the page says when the filter finds nothing. */
export function emptyText(filter: MembershipFilter): string {
  const search = filter.search.trim();
  if (search) return `No ${MATCHING[filter.status]} match “${search}”.`;
  return EMPTY[filter.status];
}
