/**
 * A membership's terms (part 2, section 4): when a term ends, what its renewal mode does then, when
 * the next cycle bills, and when the expiring notice is due. Pure: dates are calendar days
 * (YYYY-MM-DD), today is given. The retry schedule, the 120 monthly date choices and the names of
 * statuses, cycles and modes are the shared rules' (embed-sdk/rules/memberships.ts).
 *
 * A YEARLY membership's term ends on its next billing date (the renewal charge); a MONTHLY one's on
 * `monthlyExpires` when set, else never (it renews every month until canceled).
 */
import { monthlyDateChoices } from '../../../embed-sdk/rules/memberships.js';
import { addMonths, daysBetween } from '../calendarDates.js';

import type {
  MembershipCycle as Cycle,
  MembershipStatus,
  RenewalMode,
} from '../../../embed-sdk/rules/memberships.js';

export type { Cycle, MembershipStatus, RenewalMode };

export interface Terms {
  status: MembershipStatus;
  cycle: Cycle;
  startDate: string;
  nextBillingDate: string | null;
  monthlyExpires: string | null;
  renewalMode: RenewalMode;
  /** Yearly: the coming term's end renews (dontRenewNextYearlyCycle turns it off). */
  yearlyNextCycleAutoRenew: boolean;
}

export const monthsPerCycle = (cycle: Cycle) => (cycle === 'MONTHLY' ? 1 : 12);

/** The day the current term ends; null when it has none (monthly without an expiry, or not active). */
export function termEnd(t: Terms): string | null {
  if (t.status !== 'ACTIVE') return null;
  return t.cycle === 'YEARLY' ? t.nextBillingDate : t.monthlyExpires;
}

/** What the renewal mode does at the term's end. */
export type TermEndAction =
  | { kind: 'RENEW'; renewalMode: RenewalMode; monthlyExpires: string | null }
  | { kind: 'EXPIRE' }
  | { kind: 'CANCEL' };

/** Whether the coming term's end renews the membership. */
export function renewsAtTermEnd(t: Terms): boolean {
  if (t.renewalMode !== 'YEARLY' && t.renewalMode !== 'YEARLYONCE') return false;
  return t.cycle === 'MONTHLY' || t.yearlyNextCycleAutoRenew;
}

/**
 * The term-end step: YEARLY renews (a monthly term moves 12 months on), YEARLYONCE renews once and
 * becomes EXPIRING, EXPIRING (or a yearly cycle told not to renew) expires, CANCEL cancels.
 */
export function atTermEnd(t: Terms): TermEndAction {
  if (t.renewalMode === 'CANCEL') return { kind: 'CANCEL' };
  if (!renewsAtTermEnd(t)) return { kind: 'EXPIRE' };
  return {
    kind: 'RENEW',
    renewalMode: t.renewalMode === 'YEARLYONCE' ? 'EXPIRING' : t.renewalMode,
    monthlyExpires: t.cycle === 'MONTHLY' && t.monthlyExpires ? addMonths(t.monthlyExpires, 12) : null,
  };
}

/**
 * The billing date after `billed`: the next monthly or yearly anniversary of the start date, so that a
 * membership started on the 31st bills on the last day of shorter months and goes back to the 31st.
 */
export function nextBillingDateAfter(startDate: string, cycle: Cycle, billed: string): string {
  const step = monthsPerCycle(cycle);
  for (let n = step; ; n += step) {
    const date = addMonths(startDate, n);
    if (date > billed) return date;
  }
}

/**
 * The expiring notice is due when an active membership will end (not renew) at its term's end and
 * that end is at most `membershipDays` away. One a term: `noticeFor` is the end it was raised for.
 */
export function expiringNoticeDue(
  t: Terms,
  today: string,
  membershipDays: number,
  noticeFor: string | null,
): { termEnd: string; days: number } | null {
  const end = termEnd(t);
  if (end === null || renewsAtTermEnd(t) || end === noticeFor) return null;
  const days = daysBetween(today, end);
  return days >= 0 && days <= membershipDays ? { termEnd: end, days } : null;
}

/**
 * Section 9: a monthly membership's expiry is one of the 120 monthly date choices the widgets list
 * (the rules' `monthlyDateChoices`, on the membership's billing day), or the next billing date itself.
 */
export function isMonthlyExpiryChoice(
  m: { startDate: string; nextBillingDate: string },
  date: string,
): boolean {
  return date === m.nextBillingDate || monthlyDateChoices(m).includes(date);
}
