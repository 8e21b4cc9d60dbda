/**
 * A membership's terms (part 2, section 4): when a term ends, what its renewal mode does then, when
 * the next cycle bills, when a declined cycle is retried, and when the expiring notice is due. Pure:
 * dates are calendar days (YYYY-MM-DD), today is given.
 *
 * A YEARLY membership's term ends on its next billing date (the renewal charge); a MONTHLY one's on
 * `monthlyExpires` when set, else never (it renews every month until canceled).
 */
import { addDays, addMonths, parseCalendarDate } from '../calendarDates.js';

export type Cycle = 'MONTHLY' | 'YEARLY';
export type RenewalMode = 'CANCEL' | 'EXPIRING' | 'YEARLYONCE' | 'YEARLY' | 'STARTDATE';
export type MembershipStatus = 'ACTIVE' | 'INACTIVE' | 'EXPIRED' | 'AWAITINGPATIENT';

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

/**
 * The declined-charge retry schedule: days after the decline. Stands in for the schedule of
 * embed-sdk/rules/memberships.ts (issue 21's rules), which replaces this constant once it lands.
 */
export const RETRY_DAYS: readonly number[] = [3, 7];

export const monthsPerCycle = (cycle: Cycle) => (cycle === 'MONTHLY' ? 1 : 12);

/** The day the current term ends; null when it has none (monthly without an expiry, or not active). */
export function termEnd(t: Terms): string | null {
  if (t.status !== 'ACTIVE') return null;
  return t.cycle === 'YEARLY' ? t.nextBillingDate : t.monthlyExpires;
}

/** Whole days from `today` to `date` (negative when past). */
export function daysBetween(today: string, date: string): number {
  const a = parseCalendarDate(today, 'today');
  const b = parseCalendarDate(date, 'date');
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
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

/** The day of the retry after `retriesMade` retries of a cycle declined on `declinedOn`; null when none is left. */
export function nextRetryDate(declinedOn: string, retriesMade: number): string | null {
  const days = RETRY_DAYS[retriesMade];
  return days === undefined ? null : addDays(declinedOn, days);
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
 * Section 9: a monthly membership's expiry is one of the 120 monthly anniversaries of its next billing
 * date. The widgets list them (embed-sdk/rules/memberships.ts); the server accepts the date itself too,
 * whichever of the two the list starts with.
 */
export function isMonthlyExpiryChoice(nextBillingDate: string, date: string): boolean {
  for (let i = 0; i <= 120; i++) if (addMonths(nextBillingDate, i) === date) return true;
  return false;
}
