import { describe, expect, it } from 'vitest';
import { canRefund, isPastRefundWindow, type RefundableState } from './refundWindow.js';

const now = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 - ms);

describe('isPastRefundWindow', () => {
  it.each([
    ['today', daysAgo(0), false],
    ['179 days ago', daysAgo(179), false],
    ['exactly 180 days ago', daysAgo(180), false],
    ['180 days and a second ago', daysAgo(180, 1_000), true],
    ['a year ago', daysAgo(365), true],
  ])('%s → %s', (_what, created, past) => {
    expect(isPastRefundWindow(created, now)).toBe(past);
  });
});

describe('canRefund', () => {
  const approved: RefundableState = {
    status: 'APPROVED',
    created: daysAgo(3),
    amount: 10_300,
    refundedAmount: 0,
    voided: false,
  };
  it.each([
    ['an approved payment', approved, true],
    ['a declined one', { ...approved, status: 'DECLINED' }, false],
    ['a voided one', { ...approved, voided: true }, false],
    ['partly refunded', { ...approved, refundedAmount: 5_000 }, true],
    ['fully refunded', { ...approved, refundedAmount: 10_300 }, false],
    ['past the window', { ...approved, created: daysAgo(200) }, false],
  ] as const)('%s → %s', (_what, state, expected) => {
    expect(canRefund(state, now)).toBe(expected);
  });
});
