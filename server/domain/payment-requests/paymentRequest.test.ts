import { describe, expect, it } from 'vitest';
import {
  PAYMENT_CLAIM_TIMEOUT_MS,
  PAYMENT_PAGE_REFUSALS,
  paymentRequestStatus,
  refusalToCancel,
  refusalToPay,
  refusalToRemind,
  refusalToSendNewLink,
  paymentLinkSent,
  totalChangedMessage,
  type RequestState,
} from './paymentRequest.js';

const now = new Date('2025-03-10T15:00:00Z');
const earlier = new Date('2025-03-10T14:00:00Z');
const justNow = new Date(now.getTime() - 1_000);
const stale = new Date(now.getTime() - PAYMENT_CLAIM_TIMEOUT_MS);

const open: RequestState = { paid: null, cancelled: null, paymentStarted: null };
const paid: RequestState = { ...open, paid: earlier };
const cancelled: RequestState = { ...open, cancelled: earlier };
const paying: RequestState = { ...open, paymentStarted: justNow };
const abandoned: RequestState = { ...open, paymentStarted: stale };

describe('paymentRequestStatus', () => {
  it.each([
    ['open', open, 'UNPAID'],
    ['paying', paying, 'UNPAID'],
    ['paid', paid, 'PAID'],
    ['cancelled', cancelled, 'CANCELLED'],
    ['paid after being cancelled: paid', { ...paid, cancelled: now }, 'PAID'],
  ] as const)('%s → %s', (_what, state, status) => {
    expect(paymentRequestStatus(state)).toBe(status);
  });
});

describe('refusalToPay', () => {
  it.each([
    ['open: pays', open, null],
    ['paid: refuses', paid, PAYMENT_PAGE_REFUSALS.PAID],
    ['cancelled: refuses', cancelled, PAYMENT_PAGE_REFUSALS.CANCELLED],
    ['another payment under way: refuses', paying, PAYMENT_PAGE_REFUSALS.IN_PROGRESS],
    ['a claim older than the time-out: pays', abandoned, null],
  ] as const)('%s', (_what, state, refusal) => {
    expect(refusalToPay(state, now)).toBe(refusal);
  });
});

describe('refusalToRemind', () => {
  it.each([
    ['open', open, false, null],
    ['paying', paying, false, null],
    ['paid', paid, false, 'The payment request for Maria Garcia has been paid: there is nothing to remind.'],
    [
      'cancelled',
      cancelled,
      false,
      'The payment request for Maria Garcia was cancelled: it can no longer be reminded.',
    ],
    [
      'open, its link expired',
      open,
      true,
      'The link of the payment request for Maria Garcia has expired: use Send New Link to send a new one.',
    ],
    [
      'paid, its link expired',
      paid,
      true,
      'The payment request for Maria Garcia has been paid: there is nothing to remind.',
    ],
  ] as const)('%s', (_what, state, linkExpired, refusal) => {
    expect(refusalToRemind(state, 'Maria Garcia', linkExpired)).toBe(refusal);
  });
});

describe('refusalToSendNewLink', () => {
  it.each([
    ['open', open, null],
    ['paid', paid, 'The payment request for Maria Garcia has been paid: there is no link to send.'],
    [
      'cancelled',
      cancelled,
      'The payment request for Maria Garcia was cancelled: send a new payment request instead.',
    ],
  ] as const)('%s', (_what, state, refusal) => {
    expect(refusalToSendNewLink(state, 'Maria Garcia')).toBe(refusal);
  });
});

describe('paymentLinkSent', () => {
  it('is the creation until a new link was sent', () => {
    expect(paymentLinkSent({ created: earlier, linkSent: null })).toBe(earlier);
    expect(paymentLinkSent({ created: earlier, linkSent: justNow })).toBe(justNow);
  });
});

describe('refusalToCancel', () => {
  it.each([
    ['open', open, null],
    ['already cancelled: no error', cancelled, null],
    ['paid', paid, 'The payment request for Maria Garcia has been paid and cannot be cancelled.'],
    [
      'being paid right now',
      paying,
      'Maria Garcia is paying this payment request right now. Try again in a moment.',
    ],
    ['an abandoned payment', abandoned, null],
  ] as const)('%s', (_what, state, refusal) => {
    expect(refusalToCancel(state, 'Maria Garcia', now)).toBe(refusal);
  });
});

describe('totalChangedMessage', () => {
  it.each([
    [
      'a credit card',
      { surchargeAmount: 377, total: 12_927 },
      'The total for this card is $129.27, including a $3.77 credit card surcharge. Please review it and pay again.',
    ],
    [
      'a debit card',
      { surchargeAmount: 0, total: 12_550 },
      'The total for this card is $125.50 (no surcharge applies to this card). Please review it and pay again.',
    ],
  ])('%s', (_what, quote, message) => {
    expect(totalChangedMessage(quote)).toBe(message);
  });
});
