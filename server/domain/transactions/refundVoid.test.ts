import { describe, expect, it } from 'vitest';
import { refundTooLargeMessage } from '../../../embed-sdk/rules/refundAmounts.js';
import {
  refundVoidActionFor,
  REFUND_MESSAGES,
  refundParts,
  refusalToRefundOrVoid,
  roleFor,
  statusMessage,
  type PaymentToRefund,
} from './refundVoid.js';

const now = new Date('2025-06-30T12:00:00Z');
const card: PaymentToRefund = {
  status: 'APPROVED',
  fundingSource: 'CARD',
  source: 'PAYMENTPLAN',
  created: new Date('2025-06-01T12:00:00Z'),
  amount: 10300,
  orderAmount: 10000,
  surchargeAmount: 300,
  refundedAmount: 0,
  refundedOrderAmount: 0,
  refundedSurcharge: 0,
  voided: false,
};

describe('which action and role', () => {
  it.each([
    ['CARD', true, 'REFUND'],
    ['CARD', false, 'VOID'],
    ['CASH', false, 'REFUND'],
    ['CHECK', true, 'REFUND'],
  ] as const)('%s settled=%s → %s', (funding, settled, action) => {
    expect(refundVoidActionFor(funding, settled)).toBe(action);
  });

  it('PROCESSREFUND refunds, PROCESSVOID voids', () => {
    expect(roleFor('REFUND')).toBe('PROCESSREFUND');
    expect(roleFor('VOID')).toBe('PROCESSVOID');
    expect(statusMessage('REFUND')).toBe('Transaction Refunded');
    expect(statusMessage('VOID')).toBe('Transaction Voided');
  });
});

describe('refusalToRefundOrVoid', () => {
  it.each([
    ['a settled card payment, refunded in full', card, 'REFUND', true, 10300, null],
    ['an unsettled card payment, voided', card, 'VOID', false, 0, null],
    ['an unsettled card payment cannot be refunded', card, 'REFUND', false, 10300, REFUND_MESSAGES.unsettled],
    ['a settled card payment cannot be voided', card, 'VOID', true, 0, REFUND_MESSAGES.settled],
    ['a plan payment in part', card, 'REFUND', true, 5000, REFUND_MESSAGES.partial],
    [
      'a membership payment in part',
      { ...card, source: 'MEMBERSHIP' },
      'REFUND',
      true,
      5000,
      REFUND_MESSAGES.partial,
    ],
    ['a text-to-pay payment in part', { ...card, source: 'TEXTTOPAY' }, 'REFUND', true, 5000, null],
    [
      'more than was paid: the spec’s words, naming the original (order) amount',
      { ...card, source: 'TEXTTOPAY' },
      'REFUND',
      true,
      10301,
      'The refund cannot exceed the original transaction amount of $100.00',
    ],
    [
      'more than is left',
      {
        ...card,
        source: 'TEXTTOPAY',
        refundedAmount: 5150,
        refundedOrderAmount: 5000,
        refundedSurcharge: 150,
      },
      'REFUND',
      true,
      5151,
      // The refund form's words, from the one function both use.
      'The refund cannot exceed the original transaction amount of $100.00; $50.00 is left to refund.',
    ],
    [
      'all of it was refunded',
      { ...card, refundedAmount: 10300 },
      'REFUND',
      true,
      1,
      REFUND_MESSAGES.refunded,
    ],
    ['voided', { ...card, voided: true }, 'REFUND', true, 10300, REFUND_MESSAGES.voided],
    ['declined', { ...card, status: 'DECLINED' }, 'REFUND', true, 10300, REFUND_MESSAGES.notApproved],
    [
      'older than 180 days',
      { ...card, created: new Date('2024-12-01T12:00:00Z') },
      'REFUND',
      true,
      10300,
      'This transaction is older than 180 days and can no longer be refunded.',
    ],
    ['cash is refunded', { ...card, fundingSource: 'CASH' }, 'REFUND', false, 10300, null],
    ['cash is never voided', { ...card, fundingSource: 'CASH' }, 'VOID', false, 0, REFUND_MESSAGES.cashVoid],
  ] as const)('%s', (_what, payment, action, isSettled, requested, refusal) => {
    expect(refusalToRefundOrVoid(payment, action, { isSettled, requested, now })).toBe(refusal);
  });
});

describe('refundParts', () => {
  it('gives back what is left exactly', () => {
    expect(refundParts(card, 10300)).toEqual({ amount: 10300, orderAmount: 10000, surchargeAmount: 300 });
    const half = { ...card, refundedAmount: 5150, refundedOrderAmount: 5000, refundedSurcharge: 150 };
    expect(refundParts(half, 5150)).toEqual({ amount: 5150, orderAmount: 5000, surchargeAmount: 150 });
  });

  it.each([
    [5150, 5000, 150],
    [1030, 1000, 30],
    [103, 100, 3],
    [1, 1, 0],
  ])(
    'splits %i into %i + %i surcharge (the surcharge at the payment rate)',
    (requested, order, surcharge) => {
      expect(refundParts(card, requested)).toEqual({
        amount: requested,
        orderAmount: order,
        surchargeAmount: surcharge,
      });
    },
  );

  it('has no surcharge part when the payment had none', () => {
    expect(refundParts({ ...card, amount: 10000, surchargeAmount: 0 }, 2500)).toEqual({
      amount: 2500,
      orderAmount: 2500,
      surchargeAmount: 0,
    });
  });
});

describe('one wording for the form and the server', () => {
  it('comes from the SDK’s shared rules', () => {
    expect(
      refusalToRefundOrVoid(
        {
          ...card,
          source: 'TEXTTOPAY',
          refundedAmount: 2060,
          refundedOrderAmount: 2000,
          refundedSurcharge: 60,
        },
        'REFUND',
        { isSettled: true, requested: 9000, now },
      ),
    ).toBe(refundTooLargeMessage({ orderAmount: 10000, leftOrderAmount: 8000 }));
    expect(REFUND_MESSAGES.couldNotRefund).toBe('This transaction could not be refunded');
  });
});
