import { describe, expect, it } from 'vitest';
import {
  atTermEnd,
  expiringNoticeDue,
  isMonthlyExpiryChoice,
  nextBillingDateAfter,
  termEnd,
  type Terms,
} from './terms.js';

const yearly: Terms = {
  status: 'ACTIVE',
  cycle: 'YEARLY',
  startDate: '2025-03-10',
  nextBillingDate: '2026-03-10',
  monthlyExpires: null,
  renewalMode: 'YEARLY',
  yearlyNextCycleAutoRenew: true,
};
const monthly: Terms = { ...yearly, cycle: 'MONTHLY', nextBillingDate: '2025-07-10', monthlyExpires: null };

describe('termEnd', () => {
  it.each([
    ['a yearly membership: its next billing date', yearly, '2026-03-10'],
    ['a monthly one without an expiry: none', monthly, null],
    ['a monthly one with an expiry: that day', { ...monthly, monthlyExpires: '2026-01-10' }, '2026-01-10'],
    ['an expired one: none', { ...yearly, status: 'EXPIRED' as const }, null],
    ['an awaiting one: none', { ...yearly, status: 'AWAITINGPATIENT' as const }, null],
  ])('%s', (_, t, end) => expect(termEnd(t)).toBe(end));
});

describe('atTermEnd', () => {
  it.each([
    ['YEARLY renews, still YEARLY', yearly, { kind: 'RENEW', renewalMode: 'YEARLY', monthlyExpires: null }],
    [
      'YEARLYONCE renews once, then EXPIRING',
      { ...yearly, renewalMode: 'YEARLYONCE' as const },
      { kind: 'RENEW', renewalMode: 'EXPIRING', monthlyExpires: null },
    ],
    ['EXPIRING expires', { ...yearly, renewalMode: 'EXPIRING' as const }, { kind: 'EXPIRE' }],
    ['CANCEL cancels', { ...yearly, renewalMode: 'CANCEL' as const }, { kind: 'CANCEL' }],
    [
      'a yearly cycle told not to renew expires',
      { ...yearly, yearlyNextCycleAutoRenew: false },
      { kind: 'EXPIRE' },
    ],
    [
      'a monthly term with YEARLY moves its expiry 12 months on',
      { ...monthly, monthlyExpires: '2026-01-10' },
      { kind: 'RENEW', renewalMode: 'YEARLY', monthlyExpires: '2027-01-10' },
    ],
  ])('%s', (_, t, action) => expect(atTermEnd(t)).toEqual(action));
});

describe('nextBillingDateAfter', () => {
  it.each([
    ['monthly, the next month', '2025-03-10', 'MONTHLY', '2025-03-10', '2025-04-10'],
    [
      'monthly from the 31st: the end of February, then the 31st again',
      '2025-01-31',
      'MONTHLY',
      '2025-01-31',
      '2025-02-28',
    ],
    ['monthly from the 31st after February', '2025-01-31', 'MONTHLY', '2025-02-28', '2025-03-31'],
    ['yearly', '2024-02-29', 'YEARLY', '2024-02-29', '2025-02-28'],
    ['yearly, a late bill', '2024-06-01', 'YEARLY', '2025-06-03', '2026-06-01'],
  ] as const)('%s', (_, start, cycle, billed, next) =>
    expect(nextBillingDateAfter(start, cycle, billed)).toBe(next),
  );
});

describe('expiringNoticeDue', () => {
  const ending = { ...yearly, renewalMode: 'EXPIRING' as const };
  it.each([
    [
      'an ending membership within membershipDays',
      ending,
      '2026-02-08',
      30,
      null,
      { termEnd: '2026-03-10', days: 30 },
    ],
    ['one day too early', ending, '2026-02-07', 30, null, null],
    ['on its last day', ending, '2026-03-10', 30, null, { termEnd: '2026-03-10', days: 0 }],
    ['once a term', ending, '2026-02-20', 30, '2026-03-10', null],
    ['a renewing membership: none', yearly, '2026-02-20', 30, null, null],
    [
      'canceled on expiration: due',
      { ...yearly, renewalMode: 'CANCEL' as const },
      '2026-03-01',
      30,
      null,
      { termEnd: '2026-03-10', days: 9 },
    ],
    [
      'a monthly membership without an end: none',
      { ...monthly, renewalMode: 'EXPIRING' as const },
      '2025-07-01',
      30,
      null,
      null,
    ],
  ])('%s', (_, t, today, days, noticeFor, due) =>
    expect(expiringNoticeDue(t, today, days, noticeFor)).toEqual(due),
  );
});

describe('the monthly expiry choices', () => {
  it('are the 120 anniversaries of the next billing date', () => {
    const m = { startDate: '2024-12-31', nextBillingDate: '2025-01-31' };
    expect(isMonthlyExpiryChoice(m, '2025-01-31')).toBe(true);
    expect(isMonthlyExpiryChoice(m, '2025-02-28')).toBe(true);
    expect(isMonthlyExpiryChoice(m, '2025-03-31')).toBe(true);
    expect(isMonthlyExpiryChoice(m, '2035-01-31')).toBe(true);
    expect(isMonthlyExpiryChoice(m, '2035-02-28')).toBe(false);
    expect(isMonthlyExpiryChoice(m, '2025-02-27')).toBe(false);
  });
});
