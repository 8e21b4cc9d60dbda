/**
 * The rules of a patient's membership (customer membership billing; spec part 2: "Membership billing
 * detail", sections 4, 5 and 9), shared by the sandbox's billing job, which acts on them, and the
 * 'Membership for {name}' modal and the Memberships page, which show them. Pure: the caller gives
 * today, as a calendar day (YYYY-MM-DD) of the practice's calendar (the server's clock, or the SDK's
 * now). Money is integer cents.
 *
 * The words of a membership, used throughout:
 * - A membership is billed on its next billing date, a month or a year at a time, from its start date,
 *   always on the same day of the month (`billingDay`), or the month's last day when it is shorter.
 * - Its term ends at its renewal date (`termEnd`), where its renewal mode decides what happens
 *   (`billingStep`): YEARLY renews, YEARLYONCE renews once then lets it expire, EXPIRING lets it
 *   expire, CANCEL cancels it. STARTDATE is the mode of a membership that has not started; it renews
 *   like YEARLY (the product's default) and becomes YEARLY at the first billing.
 * - A yearly membership's term is its year: it ends on the next billing date.
 * - A monthly membership either renews month after month until canceled (monthExpirationSelection 1:
 *   `monthlyExpires` is null, and each month is a term ending on the next billing date), or runs a
 *   12-month term ending on `monthlyExpires` (monthExpirationSelection above 1), one of the 120
 *   monthly date choices, billed monthly within it.
 */
import { formatCurrency } from '../format/currency.js';
import { formatDate, type DateInput } from '../format/date.js';
import { validationMessages } from '../validation/messages.js';
import { isMoney, parseMoneyToCents } from '../validation/money.js';
import { addDays, addMonths, daysBetween, monthDay, parseCalendarDate } from './calendarDates.js';
import { cardSurcharge, type SurchargingPractice } from './cardSurcharge.js';
import type { CardFunding } from './surcharge.js';

export type MembershipStatus = 'ACTIVE' | 'INACTIVE' | 'EXPIRED' | 'AWAITINGPATIENT';
export type MembershipCycle = 'MONTHLY' | 'YEARLY';
export type RenewalMode = 'CANCEL' | 'EXPIRING' | 'YEARLYONCE' | 'YEARLY' | 'STARTDATE';

/** A membership's dates and modes, as far as its renewal and billing are concerned. */
export interface MembershipTerms {
  status: MembershipStatus;
  cycle: MembershipCycle;
  renewalMode: RenewalMode;
  /** YYYY-MM-DD. */
  startDate: string;
  /** YYYY-MM-DD; null once nothing more is billed (canceled, expired). */
  nextBillingDate: string | null;
  /** A monthly membership's 12-month term end (YYYY-MM-DD); null when it renews monthly until canceled. */
  monthlyExpires: string | null;
}

const MONTHS_PER_CYCLE: Record<MembershipCycle, number> = { MONTHLY: 1, YEARLY: 12 };

const monthCount = (date: string) => {
  const { y, m } = parseCalendarDate(date, 'date');
  return y * 12 + (m - 1);
};

const isLastDayOfMonth = (date: string) => addDays(date, 1).endsWith('-01');

/**
 * The day of the month a membership bills on: the next billing date's, unless that date was cut
 * short by its month (a member who started on the 31st is billed on Feb 28, and on Mar 31 again).
 * Staff may move the next billing date (Save Membership Changes): its day is the billing day from then on.
 */
export function billingDay(m: Pick<MembershipTerms, 'startDate' | 'nextBillingDate'>): number {
  const startDay = parseCalendarDate(m.startDate, 'startDate').d;
  if (m.nextBillingDate === null) return startDay;
  const nextDay = parseCalendarDate(m.nextBillingDate, 'nextBillingDate').d;
  return isLastDayOfMonth(m.nextBillingDate) && startDay > nextDay ? startDay : nextDay;
}

/**
 * The billing date `months` months after `date` (a billing date of the membership), on its billing
 * day `day`: Jan 31, Feb 28, Mar 31, Apr 30… never drifting to the 28th.
 */
function billingDateAfter(date: string, day: number, months: number): string {
  return monthDay(monthCount(date) + months, day);
}

/** The next billing date after a billing on `nextBillingDate`. */
export function followingBillingDate(m: Pick<MembershipTerms, 'startDate' | 'nextBillingDate' | 'cycle'>) {
  if (m.nextBillingDate === null) return null;
  return billingDateAfter(m.nextBillingDate, billingDay(m), MONTHS_PER_CYCLE[m.cycle]);
}

/**
 * The first billing date on or after `date`, in whole cycles from the start date, on the start date's
 * day (cut short by shorter months): where billing picks up again when a canceled or expired
 * membership is reactivated, without billing again for the cycles it was not active.
 */
export function billingDateOnOrAfter(m: Pick<MembershipTerms, 'startDate' | 'cycle'>, date: string): string {
  if (m.startDate >= date) return m.startDate;
  const day = parseCalendarDate(m.startDate, 'startDate').d;
  const step = MONTHS_PER_CYCLE[m.cycle];
  const months = monthCount(date) - monthCount(m.startDate);
  // The cycle of `date`'s month, or the one after when its billing day has passed.
  let n = Math.floor(months / step) * step;
  while (billingDateAfter(m.startDate, day, n) < date) n += step;
  return billingDateAfter(m.startDate, day, n);
}

/**
 * How a canceled or expired membership becomes active again, or null for one that is neither.
 * - `REACTIVATE`: free, billing picks up on `nextBillingDate` (Re-activate Membership, or the refund
 *   form's box): a monthly one, or a canceled yearly one still inside the year it paid for.
 * - `RESTART`: with a new year's charge, starting today (Restart Membership): an expired yearly one,
 *   or a canceled yearly one whose paid year is over. Re-activated free, it would run a year unpaid
 *   until its next anniversary. `paidThrough` is where its last paid year ended.
 *
 * A yearly one canceled on `endedOn` had paid through its first anniversary on or after that day
 * (canceled on an anniversary itself, the conservative reading: that day's charge had not run).
 */
export type Reactivation =
  { kind: 'REACTIVATE'; nextBillingDate: string } | { kind: 'RESTART'; paidThrough: string };

export function reactivationOf(
  m: Pick<MembershipTerms, 'status' | 'cycle' | 'startDate'>,
  /** The practice-calendar day it was canceled or expired. */
  endedOn: string,
  today: string,
): Reactivation | null {
  if (m.status !== 'INACTIVE' && m.status !== 'EXPIRED') return null;
  if (m.cycle === 'MONTHLY') return { kind: 'REACTIVATE', nextBillingDate: billingDateOnOrAfter(m, today) };
  if (m.status === 'EXPIRED') return { kind: 'RESTART', paidThrough: endedOn };
  const paidThrough = billingDateOnOrAfter(m, endedOn);
  return paidThrough >= today
    ? { kind: 'REACTIVATE', nextBillingDate: paidThrough }
    : { kind: 'RESTART', paidThrough };
}

/** Whether nothing has been billed yet: the first billing is on the start date. */
function firstBillingPending(m: Pick<MembershipTerms, 'startDate' | 'nextBillingDate'>): boolean {
  return m.nextBillingDate === null || m.nextBillingDate <= m.startDate;
}

/**
 * Whether the membership has started: the patient completed the enrollment (it is not awaiting
 * them) and its start date has come. A canceled or expired membership that had started still has.
 */
export function membershipHasStarted(
  m: Pick<MembershipTerms, 'status' | 'startDate'>,
  today: string,
): boolean {
  return m.status !== 'AWAITINGPATIENT' && m.startDate <= today;
}

/**
 * Where the current term ends (YYYY-MM-DD): the date the renewal mode acts on. Null for a canceled
 * or expired membership (nothing renews). Before the first billing, the first term's end: the start
 * date plus a cycle, or the monthly term's end.
 */
export function termEnd(m: MembershipTerms): string | null {
  if (m.status === 'INACTIVE' || m.status === 'EXPIRED') return null;
  if (m.cycle === 'MONTHLY' && m.monthlyExpires !== null) return m.monthlyExpires;
  if (firstBillingPending(m)) {
    return addMonths(m.startDate, MONTHS_PER_CYCLE[m.cycle]);
  }
  return m.nextBillingDate;
}

// ---------------------------------------------------------------------------------------------------
// The renewal info panel.

/** The renewal panel's labels (spec part 2, "Membership billing detail"), verbatim. */
export const RENEWAL_LABELS = {
  renewal: 'Renewal',
  autoRenews: 'Auto-Renews',
  expiresOn: 'Expires On',
  renewsOnceOn: 'Renews Once On',
  autoRenewsOn: 'Auto-Renews On',
} as const;

/**
 * The renewal panel's value for a membership that renews no more (canceled or expired). The spec's
 * 'Renewal' is the panel's name: shown as its value too, it said nothing.
 */
export const RENEWAL_ENDED = 'Does not renew';

export type RenewalLabel = (typeof RENEWAL_LABELS)[keyof typeof RENEWAL_LABELS] | typeof RENEWAL_ENDED;

export interface RenewalInfo {
  label: RenewalLabel;
  /** The date shown after the label (YYYY-MM-DD, shown MM/DD/YYYY); null for none. */
  date: string | null;
}

/**
 * The renewal panel's value and date, from the status, the cycle, the renewal mode and the dates:
 *
 * | membership                                        | label          | date                     |
 * | ------------------------------------------------- | -------------- | ------------------------ |
 * | canceled or expired                               | Does not renew | none (the pill has it)   |
 * | YEARLY or STARTDATE, yearly or 12-month monthly   | Auto-Renews On | the term's end           |
 * | YEARLY or STARTDATE, monthly until canceled       | Auto-Renews    | none (every month)       |
 * | YEARLYONCE                                        | Renews Once On | the term's end           |
 * | EXPIRING                                          | Expires On     | the term's end           |
 * | CANCEL                                            | Expires On     | the term's end           |
 *
 * STARTDATE (a membership that has not started: awaiting the patient, or its start date moved)
 * renews as YEARLY does (section 4; the billing makes it YEARLY), so it says so. An awaiting
 * membership past its start date starts when the patient completes it: its first term's end is not
 * known yet (`awaitingPatientPastStartDate`), so no date. The spec is silent on the other rows,
 * decided as staff would read them: a canceled or expired membership renews no more, and its pill
 * already says since when. An active membership set to CANCEL (the billing job cancels it at its term
 * end, billing nothing more) ends on that date: 'Expires On' tells staff when, as for EXPIRING. A
 * monthly membership that renews until canceled has no renewal date to give: 'Auto-Renews', and the
 * next payment panel has the date.
 */
export function renewalInfo(m: MembershipTerms & { awaitingPatientPastStartDate?: boolean }): RenewalInfo {
  const end = termEnd(m);
  if (end === null) return { label: RENEWAL_ENDED, date: null };
  switch (m.renewalMode) {
    case 'STARTDATE':
    case 'YEARLY':
      if (m.cycle === 'MONTHLY' && m.monthlyExpires === null)
        return { label: RENEWAL_LABELS.autoRenews, date: null };
      return m.awaitingPatientPastStartDate
        ? { label: RENEWAL_LABELS.autoRenews, date: null }
        : { label: RENEWAL_LABELS.autoRenewsOn, date: end };
    case 'YEARLYONCE':
      return { label: RENEWAL_LABELS.renewsOnceOn, date: end };
    case 'EXPIRING':
    case 'CANCEL':
      return { label: RENEWAL_LABELS.expiresOn, date: end };
  }
}

// ---------------------------------------------------------------------------------------------------
// The status pill.

/** The status pill's texts (spec part 2, "Membership billing detail"), verbatim; dates MM/DD/YYYY. */
export const MEMBERSHIP_STATUS_TEXT = {
  active: 'Active',
  canceled: 'Canceled',
  canceledOn: (date: string) => `Canceled ${date}`,
  expired: 'Expired',
  expiredOn: (date: string) => `Expired ${date}`,
  awaitingCompletion: 'Awaiting Completion',
} as const;

export type MembershipTone = 'success' | 'danger' | 'warning' | 'informative';

/**
 * Active; Canceled with its date; Expired with its date; Awaiting Completion. The dates are instants
 * (when it was canceled or expired), shown as the reader's day; without one, the word alone.
 */
export function membershipStatusPill(m: {
  status: MembershipStatus;
  cancelledDate: DateInput;
  expiredDate: DateInput;
}): { text: string; tone: MembershipTone } {
  switch (m.status) {
    case 'ACTIVE':
      return { text: MEMBERSHIP_STATUS_TEXT.active, tone: 'success' };
    case 'INACTIVE': {
      const date = formatDate(m.cancelledDate);
      return {
        text: date ? MEMBERSHIP_STATUS_TEXT.canceledOn(date) : MEMBERSHIP_STATUS_TEXT.canceled,
        tone: 'danger',
      };
    }
    case 'EXPIRED': {
      const date = formatDate(m.expiredDate);
      return {
        text: date ? MEMBERSHIP_STATUS_TEXT.expiredOn(date) : MEMBERSHIP_STATUS_TEXT.expired,
        tone: 'warning',
      };
    }
    case 'AWAITINGPATIENT':
      return { text: MEMBERSHIP_STATUS_TEXT.awaitingCompletion, tone: 'informative' };
  }
}

// ---------------------------------------------------------------------------------------------------
// The expiring alert, and what expires soon.

/**
 * Days from `today` to the term's end, in the practice's calendar days: 0 on the day it ends, 1 the
 * day before. Counted on calendar dates, not on 24-hour spans, so the hour of the day and a
 * daylight-saving change do not move it. Never below 0: a term that ended before the billing job
 * caught up ends today. Null when nothing ends (canceled, expired).
 */
export function daysUntilTermEnd(m: MembershipTerms, today: string): number | null {
  const end = termEnd(m);
  return end === null ? null : Math.max(0, daysBetween(today, end));
}

/** The expiring alert's text (spec part 2: 'expire in N day(s)'), with "day(s)" as the spec has it. */
export const expiringAlertText = (days: number) => `This membership will expire in ${days} day(s).`;

export interface ExpiringAlertConditions {
  renewalMode: RenewalMode;
  status: MembershipStatus;
  displayExpiration: boolean;
  hasStarted: boolean;
}

/**
 * The spec's four conditions, exactly: renewalMode EXPIRING, status ACTIVE, displayExpiration on,
 * and the membership has started (`membershipHasStarted`).
 */
export function showsExpiringAlert(m: ExpiringAlertConditions): boolean {
  return m.renewalMode === 'EXPIRING' && m.status === 'ACTIVE' && m.displayExpiration && m.hasStarted;
}

/** The expiring alert, with its days (`daysUntilTermEnd`), or null when it does not show. */
export function expiringAlert(
  m: MembershipTerms & { displayExpiration: boolean },
  today: string,
): { days: number; text: string } | null {
  if (!showsExpiringAlert({ ...m, hasStarted: membershipHasStarted(m, today) })) return null;
  const days = daysUntilTermEnd(m, today) ?? 0;
  return { days, text: expiringAlertText(days) };
}

/**
 * Expiring within `days` days (the practice's membershipDays): an active membership whose term ends
 * within that many days without renewing: EXPIRING, or CANCEL (canceled on expiration). The
 * Memberships page's filter and the billing job's expiring notice (sent when it first holds) use
 * this one rule. The modal's alert is narrower: the spec's four conditions (`showsExpiringAlert`).
 */
export function isExpiringWithin(m: MembershipTerms, today: string, days: number): boolean {
  const { endsOn } = termDates(m);
  return endsOn !== null && Math.max(0, daysBetween(today, endsOn)) <= days;
}

/** Whether an active membership's term ends without renewing: EXPIRING, or CANCEL (on expiration). */
function endsAtTermEnd(m: MembershipTerms): boolean {
  return m.status === 'ACTIVE' && (m.renewalMode === 'EXPIRING' || m.renewalMode === 'CANCEL');
}

/**
 * The term's end, split by what happens there: `renewsOn` when the membership renews (a yearly term,
 * a monthly 12-month term, or the first term of one not started yet), `endsOn` when it ends (expires or
 * is canceled on expiration); both null when neither comes (a monthly membership that renews every
 * month until canceled, or one awaiting the patient, canceled or expired). The database keeps these
 * two dates beside each membership (server/memberships/store.ts), so that the Memberships page's
 * Expiring filter, its renewals tile and the billing job's expiring notice find memberships by this
 * one rule in SQL.
 */
export function termDates(m: MembershipTerms): { renewsOn: string | null; endsOn: string | null } {
  const end = m.status === 'ACTIVE' ? termEnd(m) : null;
  if (end === null) return { renewsOn: null, endsOn: null };
  if (endsAtTermEnd(m)) return { renewsOn: null, endsOn: end };
  if (m.cycle === 'MONTHLY' && m.monthlyExpires === null) return { renewsOn: null, endsOn: null };
  return { renewsOn: end, endsOn: null };
}

// ---------------------------------------------------------------------------------------------------
// The start date panel.

export const START_DATE_TEXT = {
  onCompletionDate: 'On Completion Date',
  onCompletionHint:
    'The start date has passed: the membership will start on the date the patient completes the enrollment.',
} as const;

/**
 * The start date panel: the start date, or 'On Completion Date' with its hint while the membership
 * awaits the patient and its start date has passed (the start date moves to the day the patient
 * completes the enrollment). On the start date itself the date still holds: completing that day
 * starts it on that day.
 */
export function startDatePanel(
  m: Pick<MembershipTerms, 'status' | 'startDate'>,
  today: string,
): { text: string; hint: string | null } {
  if (awaitingPatientPastStartDate(m, today)) {
    return { text: START_DATE_TEXT.onCompletionDate, hint: START_DATE_TEXT.onCompletionHint };
  }
  return { text: formatDate(m.startDate), hint: null };
}

/** The entity's awaitingPatientPastStartDate. */
export function awaitingPatientPastStartDate(
  m: Pick<MembershipTerms, 'status' | 'startDate'>,
  today: string,
): boolean {
  return m.status === 'AWAITINGPATIENT' && m.startDate < today;
}

// ---------------------------------------------------------------------------------------------------
// The 120 monthly date choices.

/** Monthly membership date options span 120 months (spec part 2, sections 5 and 9). */
export const MONTHLY_DATE_CHOICES = 120;

/**
 * The Renewal Options' dates for a monthly membership: the next 120 monthly anniversaries of the
 * next billing date, each a month after the one before (the next billing date itself is not one).
 * They are the membership's own billing dates, on its billing day: from a next billing date of
 * Jan 31, Feb 28 (29 in a leap year), Mar 31, Apr 30… and after a Feb 28 that stood for the 31st, Mar
 * 31. A chosen date is where a term ends on a billing date, so the billing job meets it exactly.
 */
export function monthlyDateChoices(
  m: Pick<MembershipTerms, 'startDate' | 'nextBillingDate'> & {
    nextBillingDate: string;
  },
): string[] {
  const day = billingDay(m);
  const from = monthCount(m.nextBillingDate);
  return Array.from({ length: MONTHLY_DATE_CHOICES }, (_, i) => monthDay(from + i + 1, day));
}

/**
 * Whether `date` may end a monthly membership's term (Renewal Options): one of the 120 monthly date
 * choices, or the next billing date itself (EXPIRING with no date chosen ends the term there).
 */
export function isMonthlyExpiryChoice(
  m: Pick<MembershipTerms, 'startDate' | 'nextBillingDate'> & { nextBillingDate: string },
  date: string,
): boolean {
  return date === m.nextBillingDate || monthlyDateChoices(m).includes(date);
}

// ---------------------------------------------------------------------------------------------------
// Retries of a declined charge.

/**
 * A declined membership charge is tried again 3 and then 7 days after it was declined, then no more:
 * the last decline notifies the practice (the bell) and the past-due balance waits for staff
 * (Process Past Due, Send Reminder). The days count from the first decline, so a retry run late does
 * not push the next one back; a retry charges the whole past-due balance, as Process Past Due would.
 */
export const RETRY_AFTER_DAYS = [3, 7] as const;

/**
 * The day of the next retry (YYYY-MM-DD), from the day the charge was first declined and the number
 * of attempts so far (the declined billing is attempt 1); null when the retries are used up (stop
 * and notify).
 */
export function nextRetryDate(declinedOn: string, attempts: number): string | null {
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new RangeError(`attempts must be a whole number of at least 1, got ${attempts}.`);
  }
  const after = RETRY_AFTER_DAYS[attempts - 1];
  return after === undefined ? null : addDays(declinedOn, after);
}

export interface DeclinedCharge {
  /** The day the charge was first declined (YYYY-MM-DD). */
  declinedOn: string;
  /** Attempts so far, the first decline included. */
  attempts: number;
  /** The day of the latest attempt (YYYY-MM-DD). */
  lastAttemptOn: string;
}

/**
 * Whether the billing job retries today: a retry is left and its day has come, and none was tried
 * today (a clock moved ten days at once takes one retry that day, the next on a later day).
 */
export function isRetryDue(declined: DeclinedCharge, today: string): boolean {
  const next = nextRetryDate(declined.declinedOn, declined.attempts);
  return next !== null && next <= today && declined.lastAttemptOn < today;
}

// ---------------------------------------------------------------------------------------------------
// Money.

/** One line of a membership: a plan for an enrollee, `qty` times its amount per cycle (cents). */
export interface EnrolleeLine {
  qty: number;
  amount: number;
}

/** The cycle amount: the sum of quantity × amount over the enrollees, in cents. */
export function cycleAmount(lines: readonly EnrolleeLine[]): number {
  return lines.reduce((sum, line, i) => {
    if (!Number.isSafeInteger(line.qty) || line.qty < 0) {
      throw new RangeError(`lines[${i}].qty must be a whole number of at least 0, got ${line.qty}.`);
    }
    if (!Number.isSafeInteger(line.amount) || line.amount < 0) {
      throw new RangeError(`lines[${i}].amount must be whole, non-negative cents, got ${line.amount}.`);
    }
    return sum + line.qty * line.amount;
  }, 0);
}

export interface CycleAmountPanel {
  amount: number;
  /** The surcharge a cycle's charge adds, and the credit-card total; null when none applies or shows. */
  creditCard: { surchargeAmount: number; total: number } | null;
}

/**
 * The cycle amount panel: the amount, with the surcharge and the credit-card total when a surcharge
 * applies (the practice surcharges and the card on file is a credit card: `funding`, null without a
 * card) and the membership is not awaiting the patient (who has not chosen a card yet). It is what
 * a billing charges that card: cardSurcharge.ts's rule, the one every card payment uses.
 */
export function cycleAmountPanel(
  m: { status: MembershipStatus; amount: number },
  practice: SurchargingPractice,
  funding: CardFunding | null,
): CycleAmountPanel {
  const charge = cardSurcharge(m.amount, practice, funding);
  const shows = m.status !== 'AWAITINGPATIENT' && charge.surchargeAmount > 0;
  return {
    amount: m.amount,
    creditCard: shows ? { surchargeAmount: charge.surchargeAmount, total: charge.total } : null,
  };
}

/**
 * One membership's monthly recurring revenue, in cents: a monthly amount as it is, a yearly amount
 * ÷ 12 rounded to the nearest cent (half a cent up: $250.00 a year is $20.83, $1.00 a year $0.08).
 */
export function membershipMonthlyRevenue(m: { cycle: MembershipCycle; amount: number }): number {
  return m.cycle === 'MONTHLY' ? m.amount : Math.round(m.amount / 12);
}

/**
 * The practice's monthly recurring revenue: its active memberships' (awaiting, canceled and expired
 * ones bring none). The yearly amounts are added first and divided once, so the total is the exact
 * sum rounded once, not a sum of roundings (twelve $1.00 yearly members make $1.00, not $0.96).
 */
export function monthlyRecurringRevenue(
  memberships: readonly { status: MembershipStatus; cycle: MembershipCycle; amount: number }[],
): number {
  let monthly = 0;
  let yearly = 0;
  for (const m of memberships) {
    if (m.status !== 'ACTIVE') continue;
    if (m.cycle === 'MONTHLY') monthly += m.amount;
    else yearly += m.amount;
  }
  return monthly + Math.round(yearly / 12);
}

/**
 * The past-due balance after a declined billing: the amount not collected, before surcharge (a later
 * charge of the balance adds the surcharge of the card it is charged to).
 */
export function balanceAfterDecline(balance: number, chargedAmount: number): number {
  return balance + chargedAmount;
}

/** The past-due balance after a payment of `orderAmount` (before surcharge): never below 0. */
export function balanceAfterPayment(balance: number, orderAmount: number): number {
  return Math.max(0, balance - orderAmount);
}

/** The field name in the 'Make Payment For' dialog's messages. */
export const PAYMENT_AMOUNT_FIELD = 'Amount';

/**
 * A membership payment's amount (spec part 2, section 5: required, money), as typed: its cents, or
 * the message naming what is wrong ('The Amount is required.', 'The Amount is not a currency value.').
 */
export function membershipPaymentAmount(text: string): { cents: number } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: `The ${PAYMENT_AMOUNT_FIELD} is required.` };
  const cents = isMoney(trimmed) ? parseMoneyToCents(trimmed) : null;
  return cents === null ? { problem: validationMessages.money(PAYMENT_AMOUNT_FIELD) } : { cents };
}

// ---------------------------------------------------------------------------------------------------
// The billing job: what is due, and what a term's end does.

/** What the billing job does on a membership's billing date. */
export type BillingAction =
  /** The first billing (on the start date), or a monthly billing within a 12-month term. */
  | 'CHARGE'
  /** The term ends and renews (YEARLY; STARTDATE too). */
  | 'RENEW'
  /** The term ends and renews once; the renewal mode becomes EXPIRING. */
  | 'RENEW_ONCE'
  /** The term ends: EXPIRED, nothing charged. */
  | 'EXPIRE'
  /** The term ends: canceled (INACTIVE), nothing charged. */
  | 'CANCEL';

export interface BillingStep {
  action: BillingAction;
  /** The billing date acted on (YYYY-MM-DD): the day of the charge's idempotency key. */
  billingDate: string;
  /** Whether a charge of the cycle amount is taken. */
  charges: boolean;
  /** The membership's terms afterwards. */
  after: MembershipTerms;
}

/**
 * Whether the membership is due on `today` and what the billing job does: an active membership whose
 * next billing date has come. After the step, the next billing date is past the one acted on (or
 * null), so a second run the same day finds nothing due; a job that fell behind takes one step per
 * missed billing date, oldest first. A restart in the middle of a step repeats the same billing date,
 * hence the same charge key (`membershipChargeKey`), and the provider answers with the first charge.
 */
export function billingStep(m: MembershipTerms, today: string): BillingStep | null {
  if (m.status !== 'ACTIVE' || m.nextBillingDate === null || m.nextBillingDate > today) return null;
  const billingDate = m.nextBillingDate;
  const next = followingBillingDate(m);
  const charge = (action: BillingAction, changes: Partial<MembershipTerms> = {}): BillingStep => ({
    action,
    billingDate,
    charges: true,
    after: { ...m, nextBillingDate: next, ...changes },
  });
  const end = (action: 'EXPIRE' | 'CANCEL'): BillingStep => ({
    action,
    billingDate,
    charges: false,
    after: { ...m, status: action === 'EXPIRE' ? 'EXPIRED' : 'INACTIVE', nextBillingDate: null },
  });

  if (firstBillingPending(m)) {
    return charge('CHARGE', m.renewalMode === 'STARTDATE' ? { renewalMode: 'YEARLY' } : {});
  }
  const termEnds = termEnd(m);
  if (termEnds !== null && billingDate < termEnds) return charge('CHARGE');

  // The term ends: a monthly membership's 12-month term runs 12 months more when it renews.
  const renewedTerm =
    m.cycle === 'MONTHLY' && m.monthlyExpires !== null
      ? { monthlyExpires: billingDateAfter(m.monthlyExpires, billingDay(m), 12) }
      : {};
  switch (m.renewalMode) {
    case 'YEARLY':
    case 'STARTDATE':
      return charge('RENEW', { ...renewedTerm, renewalMode: 'YEARLY' });
    case 'YEARLYONCE':
      return charge('RENEW_ONCE', { ...renewedTerm, renewalMode: 'EXPIRING' });
    case 'EXPIRING':
      return end('EXPIRE');
    case 'CANCEL':
      return end('CANCEL');
  }
}

/** Whether the billing job has something to do for the membership on `today`. */
export function isBillingDue(m: MembershipTerms, today: string): boolean {
  return billingStep(m, today) !== null;
}

/**
 * The idempotency key of a membership's charge: the membership, its billing date and the attempt
 * (1 for the billing, 2 and 3 for its retries). The same billing tried again after a restart gets the
 * same key; a retry gets its own.
 */
export function membershipChargeKey(membershipId: number, billingDate: string, attempt = 1): string {
  return `membership:${membershipId}:${billingDate}:${attempt}`;
}

// ---------------------------------------------------------------------------------------------------
// What the patient agrees to at the desk.

/**
 * The agreement a patient approves at the desk (New Membership, "Now, at the desk": the checkbox's
 * label, or the text above the signature): what the card on file is charged each cycle, surcharge
 * included, in the enrolment page's words for the surcharge. `surchargeAmount` is the card's, by the
 * rule the server charges with (cardSurcharge.ts). The server stores this text as the membership's
 * authorization, and refuses a text shown that differs from its own rendering of the same terms, so
 * what was agreed to is what is charged and what is kept.
 */
export function deskAgreement(terms: {
  firstName: string;
  cycle: MembershipCycle;
  /** The cycle amount, before the surcharge (cents). */
  amount: number;
  /** The card's surcharge on the cycle amount (cents); 0 for a debit card or a practice without one. */
  surchargeAmount: number;
}): string {
  const every = terms.cycle === 'MONTHLY' ? 'each month' : 'each year';
  const billed =
    terms.surchargeAmount > 0
      ? `${formatCurrency(terms.amount + terms.surchargeAmount)} ${every} (${formatCurrency(terms.amount)} plus a ${formatCurrency(terms.surchargeAmount)} credit card surcharge)`
      : `${formatCurrency(terms.amount)} ${every}`;
  return `${terms.firstName} agrees to be billed ${billed} on the card on file until the membership is canceled.`;
}
