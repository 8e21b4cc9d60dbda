import { describe, expect, it } from 'vitest';
import {
  declinedCycle,
  declinedRetry,
  paidDown,
  termsAfterBilling,
  type BillingColumns,
} from './billingChanges.js';

/** A yearly member since 03/10/2025, renewing on 03/10/2026, nothing past due. */
const yearly: BillingColumns = {
  status: 'ACTIVE',
  cycle: 'YEARLY',
  renewalMode: 'YEARLY',
  startDate: '2025-03-10',
  nextBillingDate: '2026-03-10',
  monthlyExpires: null,
  balance: 0,
  declinedBillingDate: null,
  retryCount: 0,
};

/** A monthly member since 01/31/2025 on a 12-month term that ends 01/31/2026. */
const monthly: BillingColumns = {
  ...yearly,
  cycle: 'MONTHLY',
  startDate: '2025-01-31',
  nextBillingDate: '2025-06-30',
  monthlyExpires: '2026-01-31',
};

describe('termsAfterBilling: the membership after a cycle was billed', () => {
  it.each([
    [
      'a month within the term: the next billing date only',
      monthly,
      '2025-06-30',
      { nextBillingDate: '2025-07-31', renewalMode: 'YEARLY', monthlyExpires: '2026-01-31' },
    ],
    [
      'the first billing on STARTDATE: YEARLY from then on',
      { ...yearly, renewalMode: 'STARTDATE', nextBillingDate: '2025-03-10' },
      '2025-03-10',
      { nextBillingDate: '2026-03-10', renewalMode: 'YEARLY', monthlyExpires: null },
    ],
    [
      'a yearly term renewed: a new expiring notice will be due',
      yearly,
      '2026-03-10',
      { nextBillingDate: '2027-03-10', renewalMode: 'YEARLY', monthlyExpires: null, expiringNoticeFor: null },
    ],
    [
      'YEARLYONCE renewed: EXPIRING',
      { ...yearly, renewalMode: 'YEARLYONCE' },
      '2026-03-10',
      {
        nextBillingDate: '2027-03-10',
        renewalMode: 'EXPIRING',
        monthlyExpires: null,
        expiringNoticeFor: null,
      },
    ],
    [
      'a 12-month term renewed: 12 months more',
      { ...monthly, nextBillingDate: '2026-01-31' },
      '2026-01-31',
      {
        nextBillingDate: '2026-02-28',
        renewalMode: 'YEARLY',
        monthlyExpires: '2027-01-31',
        expiringNoticeFor: null,
      },
    ],
    [
      'a term that ends without a charge: unchanged',
      { ...yearly, renewalMode: 'EXPIRING' },
      '2026-03-10',
      { nextBillingDate: '2026-03-10' },
    ],
    ['not due on that date: unchanged', yearly, '2026-03-09', { nextBillingDate: '2026-03-10' }],
  ])('%s', (_what, r, billingDate, changes) => {
    expect(termsAfterBilling(r, billingDate)).toEqual(changes);
  });
});

describe('declinedCycle: the balance grows, the first decline starts the retries', () => {
  it.each([
    [
      'nothing past due: attempt 1, first retry in 3 days',
      yearly,
      '2026-03-10',
      7_900,
      {
        balance: 7_900,
        declinedBillingDate: '2026-03-10',
        retryCount: 0,
        nextRetryDate: '2026-03-13',
        retriesExhausted: false,
      },
    ],
    [
      'already past due: the balance only, the schedule goes on',
      { ...monthly, balance: 7_900, declinedBillingDate: '2025-05-31', retryCount: 2 },
      '2025-06-30',
      7_900,
      { balance: 15_800 },
    ],
  ])('%s', (_what, r, billingDate, amount, changes) => {
    expect(declinedCycle(r, billingDate, amount)).toEqual(changes);
  });
});

describe('declinedRetry: the next retry on the schedule, counted from the first decline', () => {
  it.each([
    [
      'the first retry declined: the second 7 days after the decline',
      0,
      { retryCount: 1, nextRetryDate: '2026-03-17', retriesExhausted: false },
    ],
    [
      'the second retry declined: the retries stop',
      1,
      { retryCount: 2, nextRetryDate: null, retriesExhausted: true },
    ],
    [
      'one more (a missed retry after the last): still none',
      2,
      { retryCount: 3, nextRetryDate: null, retriesExhausted: true },
    ],
  ])('%s', (_what, retryCount, changes) => {
    expect(declinedRetry({ declinedBillingDate: '2026-03-10', retryCount })).toEqual(changes);
  });
});

describe('paidDown: the balance less a payment, the retries stop once nothing is past due', () => {
  it.each([
    ['a part: the retries go on', 15_800, 7_900, { balance: 7_900 }],
    [
      'all of it: nothing past due',
      7_900,
      7_900,
      { balance: 0, declinedBillingDate: null, retryCount: 0, nextRetryDate: null, retriesExhausted: false },
    ],
    [
      'more than owed: never below 0',
      7_900,
      10_000,
      { balance: 0, declinedBillingDate: null, retryCount: 0, nextRetryDate: null, retriesExhausted: false },
    ],
    [
      'a payment with nothing past due',
      0,
      5_000,
      { balance: 0, declinedBillingDate: null, retryCount: 0, nextRetryDate: null, retriesExhausted: false },
    ],
  ])('%s', (_what, balance, amount, changes) => {
    expect(paidDown({ balance }, amount)).toEqual(changes);
  });
});
