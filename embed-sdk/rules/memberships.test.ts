import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween } from './calendarDates.js';
import { cardSurcharge } from './cardSurcharge.js';
import {
  MONTHLY_DATE_CHOICES,
  RENEWAL_ENDED,
  RENEWAL_LABELS,
  RETRY_AFTER_DAYS,
  START_DATE_TEXT,
  awaitingPatientPastStartDate,
  balanceAfterDecline,
  balanceAfterPayment,
  billingDateOnOrAfter,
  reactivationOf,
  billingDay,
  billingStep,
  cycleAmount,
  cycleAmountPanel,
  daysUntilTermEnd,
  expiringAlert,
  isBillingDue,
  isExpiringWithin,
  isMonthlyExpiryChoice,
  isRetryDue,
  membershipChargeKey,
  membershipHasStarted,
  membershipMonthlyRevenue,
  membershipPaymentAmount,
  membershipStatusPill,
  monthlyDateChoices,
  monthlyRecurringRevenue,
  nextRetryDate,
  renewalInfo,
  showsExpiringAlert,
  startDatePanel,
  termDates,
  termEnd,
  type MembershipTerms,
} from './memberships.js';

const today = '2025-06-15';

/** A yearly member since 03/10/2025, renewing on 03/10/2026. */
const yearly: MembershipTerms = {
  status: 'ACTIVE',
  cycle: 'YEARLY',
  renewalMode: 'YEARLY',
  startDate: '2025-03-10',
  nextBillingDate: '2026-03-10',
  monthlyExpires: null,
};

/** A monthly member since 01/31/2025 who renews month after month until canceled. */
const monthly: MembershipTerms = {
  status: 'ACTIVE',
  cycle: 'MONTHLY',
  renewalMode: 'YEARLY',
  startDate: '2025-01-31',
  nextBillingDate: '2025-06-30',
  monthlyExpires: null,
};

/** The same member on a 12-month term that ends 01/31/2026. */
const monthlyTerm: MembershipTerms = { ...monthly, monthlyExpires: '2026-01-31' };

/** Enrolled by link, starting 07/01/2025, not completed by the patient yet. */
const awaiting: MembershipTerms = {
  status: 'AWAITINGPATIENT',
  cycle: 'YEARLY',
  renewalMode: 'STARTDATE',
  startDate: '2025-07-01',
  nextBillingDate: '2025-07-01',
  monthlyExpires: null,
};

describe('renewalInfo: the label and date of the renewal panel', () => {
  const { autoRenews, expiresOn, renewsOnceOn, autoRenewsOn } = RENEWAL_LABELS;
  // What the panel said for these before: its own name, 'Renewal', which told staff nothing.
  const ended = RENEWAL_ENDED;
  it.each([
    // Yearly: the term ends on the next billing date.
    ['yearly, YEARLY', yearly, autoRenewsOn, '2026-03-10'],
    ['yearly, YEARLYONCE', { ...yearly, renewalMode: 'YEARLYONCE' }, renewsOnceOn, '2026-03-10'],
    ['yearly, EXPIRING', { ...yearly, renewalMode: 'EXPIRING' }, expiresOn, '2026-03-10'],
    ['yearly, CANCEL (ends at the term)', { ...yearly, renewalMode: 'CANCEL' }, expiresOn, '2026-03-10'],
    [
      'yearly, STARTDATE (renews as YEARLY)',
      { ...yearly, renewalMode: 'STARTDATE' },
      autoRenewsOn,
      '2026-03-10',
    ],
    // Monthly until canceled: each month is a term ending on the next billing date.
    ['monthly until canceled, YEARLY', monthly, autoRenews, null],
    [
      'monthly until canceled, YEARLYONCE',
      { ...monthly, renewalMode: 'YEARLYONCE' },
      renewsOnceOn,
      '2025-06-30',
    ],
    ['monthly until canceled, EXPIRING', { ...monthly, renewalMode: 'EXPIRING' }, expiresOn, '2025-06-30'],
    ['monthly until canceled, CANCEL', { ...monthly, renewalMode: 'CANCEL' }, expiresOn, '2025-06-30'],
    ['monthly until canceled, STARTDATE', { ...monthly, renewalMode: 'STARTDATE' }, autoRenews, null],
    // Monthly with a 12-month term: it ends on monthlyExpires.
    ['monthly term, YEARLY', monthlyTerm, autoRenewsOn, '2026-01-31'],
    ['monthly term, YEARLYONCE', { ...monthlyTerm, renewalMode: 'YEARLYONCE' }, renewsOnceOn, '2026-01-31'],
    ['monthly term, EXPIRING', { ...monthlyTerm, renewalMode: 'EXPIRING' }, expiresOn, '2026-01-31'],
    ['monthly term, CANCEL', { ...monthlyTerm, renewalMode: 'CANCEL' }, expiresOn, '2026-01-31'],
    ['monthly term, STARTDATE', { ...monthlyTerm, renewalMode: 'STARTDATE' }, autoRenewsOn, '2026-01-31'],
    // Not started: the first term ends a cycle after the start date.
    ['awaiting, yearly', awaiting, autoRenewsOn, '2026-07-01'],
    ['awaiting, monthly', { ...awaiting, cycle: 'MONTHLY' }, autoRenews, null],
    [
      'awaiting past its start date, yearly: the term starts on completion',
      { ...awaiting, awaitingPatientPastStartDate: true },
      autoRenews,
      null,
    ],
    [
      'starting later, yearly, YEARLY',
      { ...awaiting, status: 'ACTIVE', renewalMode: 'YEARLY' },
      autoRenewsOn,
      '2026-07-01',
    ],
    [
      'starting 01/31, monthly, EXPIRING',
      { ...monthly, nextBillingDate: '2025-01-31', renewalMode: 'EXPIRING' },
      expiresOn,
      '2025-02-28',
    ],
    // Ended: nothing renews, the pill says since when.
    ['canceled yearly', { ...yearly, status: 'INACTIVE', nextBillingDate: null }, ended, null],
    ['canceled monthly', { ...monthlyTerm, status: 'INACTIVE', nextBillingDate: null }, ended, null],
    [
      'expired yearly',
      { ...yearly, status: 'EXPIRED', renewalMode: 'EXPIRING', nextBillingDate: null },
      ended,
      null,
    ],
    [
      'expired monthly',
      { ...monthly, status: 'EXPIRED', renewalMode: 'EXPIRING', nextBillingDate: null },
      ended,
      null,
    ],
  ] as [string, MembershipTerms, string, string | null][])('%s → %s %s', (_what, m, label, date) => {
    expect(renewalInfo(m)).toEqual({ label, date });
  });
});

describe('membershipStatusPill', () => {
  it.each([
    ['ACTIVE', null, null, 'Active', 'success'],
    ['INACTIVE', '2025-05-04T15:00:00', null, 'Canceled 05/04/2025', 'danger'],
    ['INACTIVE', null, null, 'Canceled', 'danger'],
    ['EXPIRED', null, '2025-03-10T05:00:00', 'Expired 03/10/2025', 'warning'],
    ['EXPIRED', null, null, 'Expired', 'warning'],
    ['AWAITINGPATIENT', null, null, 'Awaiting Completion', 'informative'],
  ] as const)('%s (canceled %s, expired %s) → %s', (status, cancelledDate, expiredDate, text, tone) => {
    expect(membershipStatusPill({ status, cancelledDate, expiredDate })).toEqual({ text, tone });
  });
});

describe('showsExpiringAlert: exactly the four conditions', () => {
  const rows = [true, false].flatMap((expiring) =>
    [true, false].flatMap((active) =>
      [true, false].flatMap((displayExpiration) =>
        [true, false].map((hasStarted) => ({ expiring, active, displayExpiration, hasStarted })),
      ),
    ),
  );
  it('has 16 rows', () => expect(rows).toHaveLength(16));
  it.each(rows)(
    'EXPIRING $expiring, ACTIVE $active, displayExpiration $displayExpiration, started $hasStarted',
    ({ expiring, active, displayExpiration, hasStarted }) => {
      const shows = showsExpiringAlert({
        renewalMode: expiring ? 'EXPIRING' : 'YEARLY',
        status: active ? 'ACTIVE' : 'INACTIVE',
        displayExpiration,
        hasStarted,
      });
      expect(shows).toBe(expiring && active && displayExpiration && hasStarted);
    },
  );

  it.each(['CANCEL', 'YEARLYONCE', 'YEARLY', 'STARTDATE'] as const)('not for %s', (renewalMode) => {
    expect(
      showsExpiringAlert({ renewalMode, status: 'ACTIVE', displayExpiration: true, hasStarted: true }),
    ).toBe(false);
  });
  it.each(['EXPIRED', 'AWAITINGPATIENT'] as const)('not when %s', (status) => {
    expect(
      showsExpiringAlert({ renewalMode: 'EXPIRING', status, displayExpiration: true, hasStarted: true }),
    ).toBe(false);
  });
});

describe('expiringAlert: N counted in the practice’s calendar days', () => {
  const expiring = { ...yearly, renewalMode: 'EXPIRING' as const, displayExpiration: true };
  it.each([
    ['a day before', '2026-03-09', 1, 'This membership will expire in 1 day(s).'],
    ['on the day', '2026-03-10', 0, 'This membership will expire in 0 day(s).'],
    ['after it, before the job ran', '2026-03-11', 0, 'This membership will expire in 0 day(s).'],
    ['30 days', '2026-02-08', 30, 'This membership will expire in 30 day(s).'],
    // 2025-11-02 is the day US clocks go back: still whole days.
    ['across a daylight-saving change', '2025-11-01', 129, 'This membership will expire in 129 day(s).'],
  ])('%s', (_what, on, days, text) => {
    expect(expiringAlert(expiring, on)).toEqual({ days, text });
  });

  it('a monthly term’s end is monthlyExpires', () => {
    const m = { ...monthlyTerm, renewalMode: 'EXPIRING' as const, displayExpiration: true };
    expect(expiringAlert(m, '2026-01-21')?.days).toBe(10);
  });

  it.each([
    ['displayExpiration off', { ...expiring, displayExpiration: false }, today],
    ['not started yet', { ...expiring, startDate: '2025-07-01', nextBillingDate: '2025-07-01' }, today],
    ['auto-renewing', { ...expiring, renewalMode: 'YEARLY' as const }, today],
    ['canceled', { ...expiring, status: 'INACTIVE' as const, nextBillingDate: null }, today],
  ])('none when %s', (_what, m, on) => {
    expect(expiringAlert(m, on)).toBeNull();
  });
});

describe('membershipHasStarted', () => {
  it.each([
    ['active, started yesterday', { status: 'ACTIVE', startDate: '2025-06-14' }, true],
    ['active, starts today', { status: 'ACTIVE', startDate: today }, true],
    ['active, starts tomorrow', { status: 'ACTIVE', startDate: '2025-06-16' }, false],
    ['awaiting, past its start date', { status: 'AWAITINGPATIENT', startDate: '2025-06-01' }, false],
    ['expired', { status: 'EXPIRED', startDate: '2024-06-01' }, true],
  ] as const)('%s → %s', (_what, m, started) => {
    expect(membershipHasStarted(m, today)).toBe(started);
  });
});

describe('isExpiringWithin (membershipDays)', () => {
  const expiring: MembershipTerms = { ...yearly, renewalMode: 'EXPIRING', nextBillingDate: '2025-07-15' };
  it.each([
    ['30 days left, within 30', expiring, 30, true],
    ['30 days left, within 29', expiring, 29, false],
    ['its last day', { ...expiring, nextBillingDate: today }, 30, true],
    ['canceled on expiration (CANCEL)', { ...expiring, renewalMode: 'CANCEL' }, 30, true],
    ['auto-renewing', { ...expiring, renewalMode: 'YEARLY' }, 30, false],
    ['renewing once', { ...expiring, renewalMode: 'YEARLYONCE' }, 30, false],
    ['expired already', { ...expiring, status: 'EXPIRED', nextBillingDate: null }, 30, false],
  ] as [string, MembershipTerms, number, boolean][])('%s → %s', (_what, m, days, within) => {
    expect(isExpiringWithin(m, today, days)).toBe(within);
  });

  it('counts the days the alert shows', () => {
    expect(daysUntilTermEnd(expiring, today)).toBe(30);
  });
});

describe('startDatePanel', () => {
  it.each([
    [
      'awaiting, past the start date',
      { status: 'AWAITINGPATIENT', startDate: '2025-06-12' },
      'On Completion Date',
      true,
    ],
    ['awaiting, on the start date', { status: 'AWAITINGPATIENT', startDate: today }, '06/15/2025', false],
    ['awaiting, starting later', { status: 'AWAITINGPATIENT', startDate: '2025-07-01' }, '07/01/2025', false],
    ['active, started before', { status: 'ACTIVE', startDate: '2025-03-10' }, '03/10/2025', false],
    ['canceled, start date past', { status: 'INACTIVE', startDate: '2025-03-10' }, '03/10/2025', false],
  ] as const)('%s → %s', (_what, m, text, hinted) => {
    expect(startDatePanel(m, today)).toEqual({
      text,
      hint: hinted ? START_DATE_TEXT.onCompletionHint : null,
    });
    expect(awaitingPatientPastStartDate(m, today)).toBe(hinted);
  });

  it('its hint says the start date moves to the completion date', () => {
    expect(START_DATE_TEXT.onCompletionHint).toMatch(
      /start on the date the patient completes the enrollment/,
    );
  });
});

describe('monthlyDateChoices: the next 120 monthly anniversaries of the next billing date', () => {
  it.each([
    ['the 15th', '2025-01-15', '2025-06-15', ['2025-07-15', '2025-08-15', '2025-09-15'], '2035-06-15'],
    [
      'the 31st: the last day of shorter months',
      '2025-01-31',
      '2025-01-31',
      ['2025-02-28', '2025-03-31', '2025-04-30'],
      '2035-01-31',
    ],
    [
      'the 31st, next billed on a short month’s last day',
      '2025-01-31',
      '2025-04-30',
      ['2025-05-31', '2025-06-30', '2025-07-31'],
      '2035-04-30',
    ],
    [
      'the 30th passes February on its last day',
      '2025-11-30',
      '2025-12-30',
      ['2026-01-30', '2026-02-28', '2026-03-30'],
      '2035-12-30',
    ],
    [
      'the 29th in a leap year',
      '2023-12-29',
      '2024-01-29',
      ['2024-02-29', '2024-03-29', '2024-04-29'],
      '2034-01-29',
    ],
    [
      '29 Feb: the 29th where a month has one',
      '2024-02-29',
      '2024-02-29',
      ['2024-03-29', '2024-04-29', '2024-05-29'],
      '2034-02-28',
    ],
    [
      'the 29th of February in a common year is the 28th',
      '2024-01-29',
      '2025-01-29',
      ['2025-02-28', '2025-03-29', '2025-04-29'],
      '2035-01-29',
    ],
    [
      'moved by staff to the 10th: the 10th from then on',
      '2025-01-31',
      '2025-07-10',
      ['2025-08-10', '2025-09-10', '2025-10-10'],
      '2035-07-10',
    ],
    [
      'across a year end',
      '2025-10-15',
      '2025-11-15',
      ['2025-12-15', '2026-01-15', '2026-02-15'],
      '2035-11-15',
    ],
  ])('%s', (_what, startDate, nextBillingDate, first, last) => {
    const choices = monthlyDateChoices({ startDate, nextBillingDate });
    expect(choices).toHaveLength(MONTHLY_DATE_CHOICES);
    expect(choices.slice(0, 3)).toEqual(first);
    expect(choices.at(-1)).toBe(last);
  });

  const calendarDate = fc
    .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2090, 11, 31)), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

  it('120 strictly increasing dates, each the billing day of the month after the one before', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: 0, max: 40 }), (startDate, months) => {
        const nextBillingDate = addMonths(startDate, months);
        const m = { startDate, nextBillingDate };
        const day = billingDay(m);
        const choices = monthlyDateChoices(m);
        expect(choices).toHaveLength(120);
        let previous = nextBillingDate;
        for (const choice of choices) {
          expect(choice > previous).toBe(true);
          const [py, pm] = previous.split('-').map(Number) as [number, number];
          const [y, mo, d] = choice.split('-').map(Number) as [number, number, number];
          // The month after the previous one…
          expect(y * 12 + mo).toBe(py * 12 + pm + 1);
          // …on the billing day, or the month's last day when it has none.
          expect(d).toBe(Math.min(day, lastDay(y, mo)));
          previous = choice;
        }
        // And they are the dates the billing job bills on, one after the other.
        let billed: MembershipTerms = { ...monthly, startDate, nextBillingDate };
        for (const choice of choices.slice(0, 24)) {
          billed = billingStep(billed, billed.nextBillingDate!)!.after;
          expect(billed.nextBillingDate).toBe(choice);
        }
      }),
    );
  });
});

describe('nextRetryDate: after 3 and 7 days, then stop', () => {
  it('is the documented schedule', () => expect(RETRY_AFTER_DAYS).toEqual([3, 7]));
  it.each([
    ['the billing declined: first retry', '2025-06-15', 1, '2025-06-18'],
    ['the first retry declined: second retry', '2025-06-15', 2, '2025-06-22'],
    ['the second retry declined: stop and notify', '2025-06-15', 3, null],
    ['more attempts: still none', '2025-06-15', 4, null],
    ['across a month end', '2025-01-29', 1, '2025-02-01'],
    ['across a leap day', '2024-02-26', 2, '2024-03-04'],
  ])('%s', (_what, declinedOn, attempts, next) => {
    expect(nextRetryDate(declinedOn, attempts)).toBe(next);
  });

  it.each([0, -1, 1.5])('refuses %d attempts', (attempts) => {
    expect(() => nextRetryDate('2025-06-15', attempts)).toThrow(RangeError);
  });
});

describe('isRetryDue', () => {
  const declined = { declinedOn: '2025-06-15', attempts: 1, lastAttemptOn: '2025-06-15' };
  it.each([
    ['the day after the decline', declined, '2025-06-16', false],
    ['on the first retry’s day', declined, '2025-06-18', true],
    ['later (the job fell behind)', declined, '2025-06-20', true],
    [
      'the second retry, on its day',
      { ...declined, attempts: 2, lastAttemptOn: '2025-06-18' },
      '2025-06-22',
      true,
    ],
    [
      'the second retry, before its day',
      { ...declined, attempts: 2, lastAttemptOn: '2025-06-18' },
      '2025-06-21',
      false,
    ],
    [
      'both late: one retry a day',
      { ...declined, attempts: 2, lastAttemptOn: '2025-06-25' },
      '2025-06-25',
      false,
    ],
    [
      'both late: the next day',
      { ...declined, attempts: 2, lastAttemptOn: '2025-06-25' },
      '2025-06-26',
      true,
    ],
    ['used up', { ...declined, attempts: 3, lastAttemptOn: '2025-06-22' }, '2025-07-30', false],
  ])('%s → %s', (_what, d, on, due) => {
    expect(isRetryDue(d, on)).toBe(due);
  });
});

describe('money', () => {
  it.each([
    ['one adult', [{ qty: 1, amount: 3_300 }], 3_300],
    [
      'a family of three',
      [
        { qty: 1, amount: 3_300 },
        { qty: 2, amount: 2_300 },
      ],
      7_900,
    ],
    [
      'a line set to 0',
      [
        { qty: 0, amount: 3_300 },
        { qty: 1, amount: 2_300 },
      ],
      2_300,
    ],
    ['none', [], 0],
  ])('cycleAmount: %s', (_what, lines, amount) => {
    expect(cycleAmount(lines)).toBe(amount);
  });

  it.each([
    [{ qty: 1.5, amount: 100 }, /lines\[0\]\.qty/],
    [{ qty: -1, amount: 100 }, /lines\[0\]\.qty/],
    [{ qty: 1, amount: 10.5 }, /lines\[0\]\.amount/],
    [{ qty: 1, amount: -100 }, /lines\[0\]\.amount/],
  ])('cycleAmount refuses %o', (line, message) => {
    expect(() => cycleAmount([line])).toThrow(message);
  });

  const brightSmiles = { hasSurcharging: true, surchargeRateBps: 300, state: 'TX' };
  const cedarFamily = { hasSurcharging: false, surchargeRateBps: 0, state: 'CO' };
  const harborView = { hasSurcharging: true, surchargeRateBps: 350, state: 'WA' };
  it.each([
    [
      'a credit card, surcharged at 3 %',
      'ACTIVE',
      7_900,
      brightSmiles,
      'CREDIT',
      { surchargeAmount: 237, total: 8_137 },
    ],
    ['3.5 % capped at 3 %', 'ACTIVE', 10_000, harborView, 'CREDIT', { surchargeAmount: 300, total: 10_300 }],
    ['half a cent up', 'ACTIVE', 4_950, brightSmiles, 'CREDIT', { surchargeAmount: 149, total: 5_099 }],
    ['a debit card: none applies', 'ACTIVE', 7_900, brightSmiles, 'DEBIT', null],
    ['a prepaid card: none applies', 'ACTIVE', 7_900, brightSmiles, 'PREPAID', null],
    ['no card on file', 'ACTIVE', 7_900, brightSmiles, null, null],
    ['a practice that does not surcharge', 'ACTIVE', 7_900, cedarFamily, 'CREDIT', null],
    ['awaiting the patient', 'AWAITINGPATIENT', 7_900, brightSmiles, 'CREDIT', null],
    [
      'canceled: what it cost',
      'INACTIVE',
      7_900,
      brightSmiles,
      'CREDIT',
      { surchargeAmount: 237, total: 8_137 },
    ],
    ['one cent: no surcharge to show', 'ACTIVE', 1, brightSmiles, 'CREDIT', null],
  ] as const)('cycleAmountPanel: %s', (_what, status, amount, practice, funding, creditCard) => {
    expect(cycleAmountPanel({ status, amount }, practice, funding)).toEqual({ amount, creditCard });
  });

  it('the panel’s total is what a billing charges the card', () => {
    const panel = cycleAmountPanel({ status: 'ACTIVE', amount: 12_345 }, brightSmiles, 'CREDIT');
    expect(panel.creditCard?.total).toBe(cardSurcharge(12_345, brightSmiles, 'CREDIT').total);
  });

  it.each([
    ['monthly', 'MONTHLY', 3_300, 3_300],
    ['$360.00 a year', 'YEARLY', 36_000, 3_000],
    ['$250.00 a year: $20.833…', 'YEARLY', 25_000, 2_083],
    ['$205.00 a year: $17.083…', 'YEARLY', 20_500, 1_708],
    ['$0.06 a year: half a cent up', 'YEARLY', 6, 1],
    ['$1.00 a year: $0.0833…', 'YEARLY', 100, 8],
  ] as const)('membershipMonthlyRevenue: %s', (_what, cycle, amount, revenue) => {
    expect(membershipMonthlyRevenue({ cycle, amount })).toBe(revenue);
  });

  it.each([
    [
      'active ones only',
      [
        { status: 'ACTIVE', cycle: 'MONTHLY', amount: 3_300 },
        { status: 'ACTIVE', cycle: 'YEARLY', amount: 36_000 },
        { status: 'AWAITINGPATIENT', cycle: 'MONTHLY', amount: 2_300 },
        { status: 'INACTIVE', cycle: 'MONTHLY', amount: 4_900 },
        { status: 'EXPIRED', cycle: 'YEARLY', amount: 25_000 },
      ],
      6_300,
    ],
    [
      'yearly amounts rounded once',
      Array.from({ length: 12 }, () => ({
        status: 'ACTIVE' as const,
        cycle: 'YEARLY' as const,
        amount: 100,
      })),
      100,
    ],
    ['none', [], 0],
  ] as const)('monthlyRecurringRevenue: %s', (_what, memberships, revenue) => {
    expect(monthlyRecurringRevenue(memberships)).toBe(revenue);
  });

  it.each([
    ['a decline adds the amount, before surcharge', () => balanceAfterDecline(0, 7_900), 7_900],
    ['a second decline adds again', () => balanceAfterDecline(7_900, 7_900), 15_800],
    ['a payment of it all clears it', () => balanceAfterPayment(15_800, 15_800), 0],
    ['a part', () => balanceAfterPayment(15_800, 7_900), 7_900],
    ['more than owed: none left, never negative', () => balanceAfterPayment(7_900, 10_000), 0],
  ])('past-due balance: %s', (_what, balance, expected) => {
    expect(balance()).toBe(expected);
  });

  it.each([
    ['79', { cents: 7_900 }],
    [' 1,234.50 ', { cents: 123_450 }],
    ['0.5', { problem: 'The Amount is not a currency value.' }],
    ['12.345', { problem: 'The Amount is not a currency value.' }],
    ['$79', { problem: 'The Amount is not a currency value.' }],
    ['', { problem: 'The Amount is required.' }],
    ['   ', { problem: 'The Amount is required.' }],
  ])('membershipPaymentAmount(%j) → %o', (text, result) => {
    expect(membershipPaymentAmount(text)).toEqual(result);
  });
});

describe('billingStep: what the billing job does on a billing date', () => {
  const yearlyDue = { ...yearly, nextBillingDate: '2026-03-10' };
  const onTheDay = '2026-03-10';
  it.each([
    // Not due.
    ['before the billing date', yearlyDue, '2026-03-09', null],
    ['canceled', { ...yearlyDue, status: 'INACTIVE' }, onTheDay, null],
    ['expired', { ...yearlyDue, status: 'EXPIRED' }, onTheDay, null],
    [
      'awaiting the patient',
      { ...awaiting, startDate: '2026-03-10', nextBillingDate: '2026-03-10' },
      onTheDay,
      null,
    ],
    ['nothing more to bill', { ...yearlyDue, nextBillingDate: null }, onTheDay, null],
    // A yearly term ends.
    [
      'yearly, YEARLY: renews',
      yearlyDue,
      onTheDay,
      { action: 'RENEW', charges: true, after: { nextBillingDate: '2027-03-10' } },
    ],
    [
      'yearly, STARTDATE: renews, and auto-renews from then on',
      { ...yearlyDue, renewalMode: 'STARTDATE' },
      onTheDay,
      { action: 'RENEW', charges: true, after: { nextBillingDate: '2027-03-10', renewalMode: 'YEARLY' } },
    ],
    [
      'yearly, YEARLYONCE: renews once, then expiring',
      { ...yearlyDue, renewalMode: 'YEARLYONCE' },
      onTheDay,
      {
        action: 'RENEW_ONCE',
        charges: true,
        after: { nextBillingDate: '2027-03-10', renewalMode: 'EXPIRING' },
      },
    ],
    [
      'yearly, EXPIRING: expires',
      { ...yearlyDue, renewalMode: 'EXPIRING' },
      onTheDay,
      { action: 'EXPIRE', charges: false, after: { status: 'EXPIRED', nextBillingDate: null } },
    ],
    [
      'yearly, CANCEL: canceled',
      { ...yearlyDue, renewalMode: 'CANCEL' },
      onTheDay,
      { action: 'CANCEL', charges: false, after: { status: 'INACTIVE', nextBillingDate: null } },
    ],
    [
      'a late job still acts on the billing date',
      yearlyDue,
      '2026-04-01',
      { action: 'RENEW', billingDate: '2026-03-10', after: { nextBillingDate: '2027-03-10' } },
    ],
    // The first billing, on the start date, whatever the mode.
    [
      'yearly, first billing',
      { ...yearly, nextBillingDate: '2025-03-10', renewalMode: 'EXPIRING' },
      '2025-03-10',
      { action: 'CHARGE', charges: true, after: { nextBillingDate: '2026-03-10', renewalMode: 'EXPIRING' } },
    ],
    [
      'monthly, first billing on the 31st',
      { ...monthly, nextBillingDate: '2025-01-31', renewalMode: 'STARTDATE' },
      '2025-01-31',
      { action: 'CHARGE', after: { nextBillingDate: '2025-02-28', renewalMode: 'YEARLY' } },
    ],
    // Monthly until canceled: every month ends a term.
    [
      'monthly, YEARLY: renews for a month, back on the 31st',
      { ...monthly, nextBillingDate: '2025-02-28' },
      '2025-02-28',
      { action: 'RENEW', charges: true, after: { nextBillingDate: '2025-03-31' } },
    ],
    [
      'monthly, YEARLYONCE: one more month',
      { ...monthly, renewalMode: 'YEARLYONCE' },
      '2025-06-30',
      { action: 'RENEW_ONCE', after: { nextBillingDate: '2025-07-31', renewalMode: 'EXPIRING' } },
    ],
    [
      'monthly, EXPIRING: expires',
      { ...monthly, renewalMode: 'EXPIRING' },
      '2025-06-30',
      { action: 'EXPIRE', charges: false, after: { status: 'EXPIRED', nextBillingDate: null } },
    ],
    [
      'monthly, CANCEL: canceled',
      { ...monthly, renewalMode: 'CANCEL' },
      '2025-06-30',
      { action: 'CANCEL', charges: false, after: { status: 'INACTIVE', nextBillingDate: null } },
    ],
    // Monthly on a 12-month term: billed within it, the mode acts at its end.
    [
      'monthly term, within it: charged whatever the mode',
      { ...monthlyTerm, renewalMode: 'EXPIRING' },
      '2025-06-30',
      {
        action: 'CHARGE',
        charges: true,
        after: { nextBillingDate: '2025-07-31', renewalMode: 'EXPIRING', monthlyExpires: '2026-01-31' },
      },
    ],
    [
      'monthly term ends, YEARLY: 12 months more',
      { ...monthlyTerm, nextBillingDate: '2026-01-31' },
      '2026-01-31',
      {
        action: 'RENEW',
        charges: true,
        after: { nextBillingDate: '2026-02-28', monthlyExpires: '2027-01-31' },
      },
    ],
    [
      'monthly term ends, YEARLYONCE: 12 months more, then expiring',
      { ...monthlyTerm, nextBillingDate: '2026-01-31', renewalMode: 'YEARLYONCE' },
      '2026-01-31',
      {
        action: 'RENEW_ONCE',
        after: { nextBillingDate: '2026-02-28', monthlyExpires: '2027-01-31', renewalMode: 'EXPIRING' },
      },
    ],
    [
      'monthly term ends, EXPIRING',
      { ...monthlyTerm, nextBillingDate: '2026-01-31', renewalMode: 'EXPIRING' },
      '2026-01-31',
      { action: 'EXPIRE', charges: false, after: { status: 'EXPIRED', nextBillingDate: null } },
    ],
    [
      'monthly term ends, CANCEL',
      { ...monthlyTerm, nextBillingDate: '2026-01-31', renewalMode: 'CANCEL' },
      '2026-01-31',
      { action: 'CANCEL', charges: false, after: { status: 'INACTIVE', nextBillingDate: null } },
    ],
    [
      'a 12-month term from Feb 29 keeps the 29th',
      { ...monthly, startDate: '2024-02-29', nextBillingDate: '2025-02-28', monthlyExpires: '2025-02-28' },
      '2025-02-28',
      { action: 'RENEW', after: { nextBillingDate: '2025-03-29', monthlyExpires: '2026-02-28' } },
    ],
  ] as [
    string,
    MembershipTerms,
    string,
    null | ({ after?: Partial<MembershipTerms> } & Record<string, unknown>),
  ][])('%s', (_what, m, on, expected) => {
    const step = billingStep(m, on);
    expect(isBillingDue(m, on)).toBe(expected !== null);
    if (expected === null) return expect(step).toBeNull();
    const { after, ...rest } = expected;
    expect(step).toMatchObject({ billingDate: m.nextBillingDate, ...rest });
    expect(step!.after).toEqual({ ...m, ...after });
  });

  it('runs once a day: after a step, nothing is due the same day', () => {
    for (const m of [
      yearlyDue,
      { ...yearlyDue, renewalMode: 'YEARLYONCE' as const },
      { ...monthly, nextBillingDate: '2026-03-10' },
      { ...monthlyTerm, nextBillingDate: '2026-01-31' },
      { ...monthlyTerm, nextBillingDate: '2025-12-31' },
    ]) {
      const day = m.nextBillingDate;
      const step = billingStep(m, day)!;
      expect(step.charges).toBe(true);
      expect(isBillingDue(step.after, day)).toBe(false);
    }
  });

  it('a job that fell behind takes each missed billing date, oldest first, with its own key', () => {
    let m: MembershipTerms = { ...monthly, nextBillingDate: '2025-01-31' };
    const keys: string[] = [];
    for (let step = billingStep(m, '2025-05-05'); step; step = billingStep(m, '2025-05-05')) {
      keys.push(membershipChargeKey(42, step.billingDate));
      m = step.after;
    }
    expect(keys).toEqual([
      'membership:42:2025-01-31:1',
      'membership:42:2025-02-28:1',
      'membership:42:2025-03-31:1',
      'membership:42:2025-04-30:1',
    ]);
    expect(m.nextBillingDate).toBe('2025-05-31');
  });

  it('a billing tried again after a restart has the same key; a retry has its own', () => {
    expect(membershipChargeKey(7, '2025-06-15')).toBe(membershipChargeKey(7, '2025-06-15'));
    expect(membershipChargeKey(7, '2025-06-15', 2)).not.toBe(membershipChargeKey(7, '2025-06-15'));
  });

  it('never bills the same date twice, and each step moves forward, for any membership', () => {
    const modes = ['CANCEL', 'EXPIRING', 'YEARLYONCE', 'YEARLY', 'STARTDATE'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom('MONTHLY' as const, 'YEARLY' as const),
        fc.constantFrom(...modes),
        fc.integer({ min: 0, max: 3_000 }),
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
        fc.integer({ min: 0, max: 1_500 }),
        (cycle, renewalMode, startOffset, termMonths, horizon) => {
          const startDate = addDays('2020-01-01', startOffset);
          let m: MembershipTerms = {
            status: 'ACTIVE',
            cycle,
            renewalMode,
            startDate,
            nextBillingDate: startDate,
            monthlyExpires:
              cycle === 'MONTHLY' && termMonths !== null ? addMonths(startDate, termMonths) : null,
          };
          const until = addDays(startDate, horizon);
          const billed = new Set<string>();
          for (let step = billingStep(m, until); step; step = billingStep(m, until)) {
            expect(billed.has(step.billingDate)).toBe(false);
            billed.add(step.billingDate);
            if (step.after.nextBillingDate !== null) {
              expect(step.after.nextBillingDate > step.billingDate).toBe(true);
              const gap = daysBetween(step.billingDate, step.after.nextBillingDate);
              expect(gap).toBeGreaterThanOrEqual(cycle === 'MONTHLY' ? 28 : 365);
              expect(gap).toBeLessThanOrEqual(cycle === 'MONTHLY' ? 31 : 366);
            } else expect(step.charges).toBe(false);
            m = step.after;
          }
        },
      ),
    );
  });
});

describe('termEnd', () => {
  it('is the renewal date the panel, the alert and the billing job share', () => {
    expect(termEnd(yearly)).toBe(renewalInfo(yearly).date);
    expect(termEnd({ ...monthly, renewalMode: 'EXPIRING' })).toBe('2025-06-30');
  });
});

describe('termDates: the term end the database keeps, split by what happens there', () => {
  it.each([
    ['a yearly membership renews at its year’s end', yearly, { renewsOn: '2026-03-10', endsOn: null }],
    [
      'YEARLYONCE renews there too',
      { ...yearly, renewalMode: 'YEARLYONCE' as const },
      { renewsOn: '2026-03-10', endsOn: null },
    ],
    [
      'EXPIRING ends there',
      { ...yearly, renewalMode: 'EXPIRING' as const },
      { renewsOn: null, endsOn: '2026-03-10' },
    ],
    [
      'CANCEL (on expiration) ends there',
      { ...yearly, renewalMode: 'CANCEL' as const },
      { renewsOn: null, endsOn: '2026-03-10' },
    ],
    ['a monthly 12-month term renews at its end', monthlyTerm, { renewsOn: '2026-01-31', endsOn: null }],
    ['a monthly membership until canceled has no renewal date', monthly, { renewsOn: null, endsOn: null }],
    [
      'one that renews monthly but expires ends on its next billing date',
      { ...monthly, renewalMode: 'EXPIRING' as const },
      { renewsOn: null, endsOn: '2025-06-30' },
    ],
    ['one awaiting the patient: neither', awaiting, { renewsOn: null, endsOn: null }],
    ['a canceled one: neither', { ...yearly, status: 'INACTIVE' as const }, { renewsOn: null, endsOn: null }],
    ['an expired one: neither', { ...yearly, status: 'EXPIRED' as const }, { renewsOn: null, endsOn: null }],
    [
      'a yearly one not billed yet, set to expire: its first year’s end',
      { ...yearly, renewalMode: 'EXPIRING' as const, startDate: '2025-07-01', nextBillingDate: '2025-07-01' },
      { renewsOn: null, endsOn: '2026-07-01' },
    ],
  ])('%s', (_, m, dates) => expect(termDates(m)).toEqual(dates));

  it('says what isExpiringWithin and the renewal label say', () => {
    const modes = ['CANCEL', 'EXPIRING', 'YEARLYONCE', 'YEARLY', 'STARTDATE'] as const;
    for (const base of [yearly, monthly, monthlyTerm])
      for (const renewalMode of modes) {
        const m = { ...base, renewalMode };
        const { renewsOn, endsOn } = termDates(m);
        expect(isExpiringWithin(m, today, 10_000)).toBe(endsOn !== null);
        if (endsOn !== null) expect(renewalInfo(m).label).toBe(RENEWAL_LABELS.expiresOn);
        if (renewsOn !== null) expect(renewalInfo(m).date).toBe(renewsOn);
      }
  });
});

describe('billingDateOnOrAfter: where billing picks up when a membership is reactivated', () => {
  it.each([
    [
      'monthly, later this month',
      { startDate: '2025-01-10', cycle: 'MONTHLY' as const },
      '2025-06-05',
      '2025-06-10',
    ],
    [
      'monthly, on the day itself',
      { startDate: '2025-01-10', cycle: 'MONTHLY' as const },
      '2025-06-10',
      '2025-06-10',
    ],
    [
      'monthly, next month once the day passed',
      { startDate: '2025-01-10', cycle: 'MONTHLY' as const },
      '2025-06-11',
      '2025-07-10',
    ],
    [
      'monthly from the 31st, cut short by June',
      { startDate: '2025-01-31', cycle: 'MONTHLY' as const },
      '2025-06-15',
      '2025-06-30',
    ],
    [
      'monthly from the 31st, back on the 31st',
      { startDate: '2025-01-31', cycle: 'MONTHLY' as const },
      '2025-07-01',
      '2025-07-31',
    ],
    [
      'yearly, the next anniversary',
      { startDate: '2024-03-10', cycle: 'YEARLY' as const },
      '2025-06-15',
      '2026-03-10',
    ],
    [
      'yearly, this year’s anniversary to come',
      { startDate: '2024-09-10', cycle: 'YEARLY' as const },
      '2025-06-15',
      '2025-09-10',
    ],
    ['yearly from Feb 29', { startDate: '2024-02-29', cycle: 'YEARLY' as const }, '2025-01-01', '2025-02-28'],
    [
      'not started yet: the start date',
      { startDate: '2025-09-01', cycle: 'MONTHLY' as const },
      '2025-06-15',
      '2025-09-01',
    ],
  ])('%s', (_, m, date, expected) => expect(billingDateOnOrAfter(m, date)).toBe(expected));

  it('is the first billing date of the schedule on or after the date (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom('MONTHLY' as const, 'YEARLY' as const),
        (start, later, cycle) => {
          const startDate = start.toISOString().slice(0, 10);
          const date = addDays(startDate, later);
          const found = billingDateOnOrAfter({ startDate, cycle }, date);
          const step = cycle === 'MONTHLY' ? 1 : 12;
          const schedule = Array.from({ length: 80 }, (_, n) => addMonths(startDate, n * step));
          expect(found).toBe(schedule.find((d) => d >= date));
        },
      ),
    );
  });
});

describe('isMonthlyExpiryChoice', () => {
  const m = { startDate: '2025-01-31', nextBillingDate: '2025-06-30' };
  it.each([
    ['the next billing date itself', '2025-06-30', true],
    ['a month on, back on the 31st', '2025-07-31', true],
    ['the 120th anniversary', monthlyDateChoices(m)[119]!, true],
    ['the 121st', addMonths('2025-06-30', 121).replace(/-\d\d$/, '-31'), false],
    ['a day that is not a billing day', '2025-07-30', false],
    ['a day before the next billing date', '2025-05-31', false],
  ])('%s', (_, date, ok) => expect(isMonthlyExpiryChoice(m, date)).toBe(ok));
});

describe('reactivationOf: free again, or a new paid year', () => {
  const yearly = { cycle: 'YEARLY' as const, startDate: '2025-03-10' };
  it('re-activates a canceled yearly membership free while its paid year lasts, billing on its anniversary', () => {
    expect(reactivationOf({ ...yearly, status: 'INACTIVE' }, '2026-01-05', '2026-02-01')).toEqual({
      kind: 'REACTIVATE',
      nextBillingDate: '2026-03-10',
    });
    expect(reactivationOf({ ...yearly, status: 'INACTIVE' }, '2026-01-05', '2026-03-10')).toEqual({
      kind: 'REACTIVATE',
      nextBillingDate: '2026-03-10',
    });
  });
  it('restarts a canceled yearly membership once its paid year is over, naming where it ended', () => {
    expect(reactivationOf({ ...yearly, status: 'INACTIVE' }, '2026-01-05', '2026-03-11')).toEqual({
      kind: 'RESTART',
      paidThrough: '2026-03-10',
    });
  });
  it('restarts an expired yearly membership', () => {
    expect(reactivationOf({ ...yearly, status: 'EXPIRED' }, '2026-03-10', '2026-03-10')).toEqual({
      kind: 'RESTART',
      paidThrough: '2026-03-10',
    });
  });
  it('re-activates a monthly one on its next billing date on or after today', () => {
    const monthly = { cycle: 'MONTHLY' as const, startDate: '2025-03-10' };
    expect(reactivationOf({ ...monthly, status: 'EXPIRED' }, '2026-01-10', '2026-02-11')).toEqual({
      kind: 'REACTIVATE',
      nextBillingDate: '2026-03-10',
    });
  });
  it('says nothing of an active or awaiting one', () => {
    expect(reactivationOf({ ...yearly, status: 'ACTIVE' }, '2026-01-05', '2026-02-01')).toBeNull();
    expect(reactivationOf({ ...yearly, status: 'AWAITINGPATIENT' }, '2026-01-05', '2026-02-01')).toBeNull();
  });
});
