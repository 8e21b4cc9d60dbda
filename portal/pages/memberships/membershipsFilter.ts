/**
 * The Memberships page's filter, kept in the address (`#/customermembershipbillings?status=pastdue&
 * q=…&page=2`) as the other list pages keep theirs, so a link or a reload keeps it. The membership
 * whose modal is open is there too (`customerMembershipBillingId`, as the bell's membership rows link
 * to it: portal/shell/bell/bellNotifications.ts).
 */
import type { MembershipListStatus } from '../../../embed-sdk/contract/membership.js';
import { statusListFilter, type StatusListFilter } from '../../components/statusListFilter.js';

export type StatusFilter =
  | 'all'
  | 'attention'
  | 'active'
  | 'awaiting'
  | 'pastdue'
  | 'cardexpiring'
  | 'expiring'
  | 'expired'
  | 'canceled';

/** The filters, the Expiring one named with the practice's membershipDays. */
export function statusFilters(membershipDays: number): { value: StatusFilter; label: string }[] {
  return [
    { value: 'all', label: 'All' },
    { value: 'attention', label: 'Needs attention' },
    { value: 'active', label: 'Active' },
    { value: 'awaiting', label: 'Awaiting' },
    { value: 'pastdue', label: 'Past due' },
    { value: 'cardexpiring', label: 'Card expiring' },
    { value: 'expiring', label: `Expiring within ${membershipDays} days` },
    { value: 'expired', label: 'Expired' },
    { value: 'canceled', label: 'Canceled' },
  ];
}

const STATUSES: Record<Exclude<StatusFilter, 'all'>, MembershipListStatus> = {
  active: 'ACTIVE',
  awaiting: 'AWAITING',
  pastdue: 'PAST_DUE',
  cardexpiring: 'CARD_EXPIRING',
  attention: 'ATTENTION',
  expiring: 'EXPIRING',
  expired: 'EXPIRED',
  canceled: 'CANCELED',
};

/** Other spellings an address may carry: the contract's own values, the entity's and "cancelled". */
const ALIASES: Record<string, Exclude<StatusFilter, 'all'>> = {
  past_due: 'pastdue',
  'past-due': 'pastdue',
  card_expiring: 'cardexpiring',
  'card-expiring': 'cardexpiring',
  awaitingpatient: 'awaiting',
  inactive: 'canceled',
  cancelled: 'canceled',
};

export type MembershipFilter = StatusListFilter<Exclude<StatusFilter, 'all'>, 'membershipId'>;

export const membershipFilters = statusListFilter({
  statuses: STATUSES,
  aliases: ALIASES,
  /** The membership shown in the 'Membership for {name}' modal. */
  openKey: 'membershipId',
  openParam: 'customerMembershipBillingId',
  empty: {
    all: 'No memberships yet.',
    active: 'No active memberships.',
    awaiting: 'No memberships are awaiting the patient.',
    pastdue: 'No memberships are past due.',
    cardexpiring: 'No membership’s card expires before its next payment.',
    attention: 'Every membership is in good standing.',
    expiring: 'No memberships expire soon.',
    expired: 'No expired memberships.',
    canceled: 'No canceled memberships.',
  },
  matching: {
    all: 'memberships',
    active: 'active memberships',
    awaiting: 'awaiting memberships',
    pastdue: 'past-due memberships',
    cardexpiring: 'memberships with a card expiring',
    attention: 'memberships needing attention',
    expiring: 'expiring memberships',
    expired: 'expired memberships',
    canceled: 'canceled memberships',
  },
});

export const { filterFromParams, paramsFromFilter, listBody, emptyText } = membershipFilters;
