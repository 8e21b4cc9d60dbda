/**
 * A membership record's terms, read through the shared rules (embed-sdk/rules/memberships.ts): the
 * one place that says when a term ends, what its renewal mode does there and when the next cycle
 * bills. The server adds only the mapping from its columns, and the columns it derives from them on
 * every write: the two dates (`renewsOn`, `endsOn`, the rules' `termDates`) through which SQL finds
 * memberships by the same rule, and the entity's two renewal flags, which say what the renewal mode
 * says (dontRenewNextYearlyCycle sets the mode to EXPIRING, so the mode alone decides).
 */
import {
  billingDateOnOrAfter,
  reactivationOf,
  termDates,
  type MembershipCycle,
  type MembershipStatus,
  type MembershipTerms,
  type Reactivation,
  type RenewalMode,
} from '../../../embed-sdk/rules/memberships.js';
import { localDate } from '../calendarDates.js';

/** The columns of a membership that its terms are made of (a row, or the values of one). */
export interface TermColumns {
  status: string;
  cycle: string;
  renewalMode: string;
  startDate: string;
  nextBillingDate?: string | null;
  monthlyExpires?: string | null;
}

export const termsOf = (r: TermColumns): MembershipTerms => ({
  status: r.status as MembershipStatus,
  cycle: r.cycle as MembershipCycle,
  renewalMode: r.renewalMode as RenewalMode,
  startDate: r.startDate,
  nextBillingDate: r.nextBillingDate ?? null,
  monthlyExpires: r.monthlyExpires ?? null,
});

/** The columns derived from a membership's terms (see the header). */
export interface DerivedTermColumns {
  renewsOn: string | null;
  endsOn: string | null;
  /** The renewal mode is YEARLY. */
  yearlyAutoRenew: boolean;
  /** The coming term's end renews: the mode is neither EXPIRING nor CANCEL. */
  yearlyNextCycleAutoRenew: boolean;
}

/** The values of a membership row with its derived columns brought up to date. */
export function withDerivedTerms<T extends TermColumns>(values: T): T & DerivedTermColumns {
  const terms = termsOf(values);
  return {
    ...values,
    ...termDates(terms),
    yearlyAutoRenew: terms.renewalMode === 'YEARLY',
    yearlyNextCycleAutoRenew: terms.renewalMode !== 'EXPIRING' && terms.renewalMode !== 'CANCEL',
  };
}

/**
 * A canceled or expired membership active again (Reactivate, or a refund or void that offered it):
 * billing picks up on its next anniversary on or after today, so the cycles it was not active are not
 * billed, and it renews at its term's end (a mode that would end it becomes YEARLY).
 */
export function reactivated(r: TermColumns, today: string) {
  const mode = r.renewalMode as RenewalMode;
  return {
    status: 'ACTIVE',
    cancelledDate: null,
    expiredDate: null,
    nextBillingDate: billingDateOnOrAfter(termsOf(r), today),
    renewalMode: mode === 'CANCEL' || mode === 'EXPIRING' || mode === 'STARTDATE' ? 'YEARLY' : mode,
    monthlyExpires: null,
    expiringNoticeFor: null,
  } as const;
}

/**
 * How a canceled or expired membership record becomes active again (the rules' `reactivationOf`),
 * from the practice-calendar day it was canceled or expired; null for any other.
 */
export function reactivationOfRecord(
  r: TermColumns & { cancelledDate: Date | null; expiredDate: Date | null },
  today: string,
): Reactivation | null {
  const ended = r.status === 'EXPIRED' ? r.expiredDate : r.cancelledDate;
  return reactivationOf(termsOf(r), ended ? localDate(ended) : today, today);
}
