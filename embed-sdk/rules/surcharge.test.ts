import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_SURCHARGE_BPS,
  effectiveSurchargeBps,
  effectiveSurchargeRate,
  isSurcharged,
  lineSurcharge,
  refundSurcharge,
  refundWithSurcharge,
  surchargeFor,
} from './surcharge.js';

describe('effectiveSurchargeBps', () => {
  it.each([
    [300, 300],
    [350, MAX_SURCHARGE_BPS],
    [0, 0],
    [-5, 0],
    [125, 125],
  ])('%i bps asked → %i bps charged', (asked, charged) => {
    expect(effectiveSurchargeBps(asked)).toBe(charged);
  });
});

describe('surchargeFor', () => {
  it.each([
    [10_000, 300, 300],
    [12_345, 300, 370], // 370.35
    [4_950, 300, 149], // 148.5 rounds half up
    [1, 300, 0],
    [17, 300, 1], // 0.51
    [10_000, 0, 0],
  ])('%i cents at %i bps → %i cents', (order, bps, surcharge) => {
    expect(surchargeFor(order, bps)).toBe(surcharge);
  });
});

describe('isSurcharged', () => {
  it.each([
    [true, 'CREDIT', true],
    [true, 'DEBIT', false],
    [true, null, false],
    [false, 'CREDIT', false],
  ] as const)('practice surcharges %s, funding %s → %s', (hasSurcharging, funding, expected) => {
    expect(isSurcharged({ hasSurcharging }, funding)).toBe(expected);
  });
});

describe('refundSurcharge', () => {
  const payment = { orderAmount: 12_345, surchargeAmount: 370 };
  it.each([
    ['the whole payment: the whole surcharge', 12_345, 370],
    ['more than the payment: still the whole surcharge', 20_000, 370],
    ['half: the rate 0.0300 times the refund', 6_000, 180],
    ['a few cents', 10, 0],
  ])('%s', (_what, orderRefund, expected) => {
    expect(refundSurcharge(orderRefund, payment)).toBe(expected);
  });

  it('is nothing for a payment without a surcharge', () => {
    expect(refundSurcharge(5_000, { orderAmount: 10_000, surchargeAmount: 0 })).toBe(0);
  });
});

describe('lineSurcharge', () => {
  it.each([
    [10000, { hasSurcharge: true, surchargeRateBps: 300 }, 300],
    [3333, { hasSurcharge: true, surchargeRateBps: 300 }, 100],
    [10000, { hasSurcharge: false, surchargeRateBps: 300 }, 0],
    [0, { hasSurcharge: true, surchargeRateBps: 300 }, 0],
  ])('a line of %i cents with %o carries %i of surcharge', (amount, plan, surcharge) => {
    expect(lineSurcharge(amount, plan)).toBe(surcharge);
  });

  // The schedule table shows what the server charges: amount × bps / 10,000, half a cent up.
  it.each([
    [0, 300, 0],
    [16, 300, 0], // 0.48
    [17, 300, 1], // 0.51
    [50, 300, 2], // 1.5: half up
    [150, 300, 5], // 4.5
    [5_000, 1, 1], // 0.5
    [1, 1, 0],
    [22_500, 300, 675],
    [33_333, 300, 1_000], // 999.99
    [33_333, 250, 833], // 833.325
    [99_999_999, 300, 3_000_000], // 2,999,999.97
  ])('%i cents at %i bps is %i cents', (amount, bps, surcharge) => {
    expect(lineSurcharge(amount, { hasSurcharge: true, surchargeRateBps: bps })).toBe(surcharge);
  });

  it('is 0 when the plan has no surcharge', () => {
    expect(lineSurcharge(22_500, { hasSurcharge: false, surchargeRateBps: 300 })).toBe(0);
  });
});

describe('effectiveSurchargeRate', () => {
  it.each([
    ['3 %', { orderAmount: 10_000, surchargeAmount: 300 }, 0.03],
    ['to 4 decimals', { orderAmount: 12_345, surchargeAmount: 370 }, 0.03],
    ['a rounded surcharge shows in the 4th decimal', { orderAmount: 4_950, surchargeAmount: 149 }, 0.0301],
    ['no surcharge', { orderAmount: 10_000, surchargeAmount: 0 }, 0],
    ['no order amount', { orderAmount: 0, surchargeAmount: 0 }, 0],
  ])('%s', (_what, payment, rate) => {
    expect(effectiveSurchargeRate(payment)).toBe(rate);
  });
});

describe('refundWithSurcharge', () => {
  const payment = { orderAmount: 12_345, surchargeAmount: 370 };
  const halfRefunded = { orderAmount: 6_000, surchargeAmount: 180 };
  it.each([
    ['all of it', payment, 12_345, undefined, { orderAmount: 12_345, surchargeAmount: 370, amount: 12_715 }],
    ['half', payment, 6_000, undefined, { orderAmount: 6_000, surchargeAmount: 180, amount: 6_180 }],
    [
      'the rest after a refund: exactly what is left of both',
      payment,
      6_345,
      halfRefunded,
      { orderAmount: 6_345, surchargeAmount: 190, amount: 6_535 },
    ],
    [
      'more than is left is cut to what is left',
      payment,
      12_345,
      halfRefunded,
      { orderAmount: 6_345, surchargeAmount: 190, amount: 6_535 },
    ],
    [
      'a payment without a surcharge',
      { orderAmount: 1_000, surchargeAmount: 0 },
      500,
      undefined,
      { orderAmount: 500, surchargeAmount: 0, amount: 500 },
    ],
  ])('%s', (_what, p, orderRefund, refunded, expected) => {
    expect(refundWithSurcharge(orderRefund, p, refunded)).toEqual(expected);
  });

  // Any sequence of partial refunds: each within what is left, together never more than was paid,
  // and refunding the rest gives back the payment exactly.
  it('never gives back more than was paid, and the refunds add up to the payment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 300 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        (orderAmount, bps, shares) => {
          const payment = { orderAmount, surchargeAmount: surchargeFor(orderAmount, bps) };
          const given = { orderAmount: 0, surchargeAmount: 0 };
          for (const share of shares) {
            const left = payment.orderAmount - given.orderAmount;
            const refund = refundWithSurcharge(Math.floor(left * share), payment, given);
            expect(refund.amount).toBe(refund.orderAmount + refund.surchargeAmount);
            expect(refund.surchargeAmount).toBeGreaterThanOrEqual(0);
            given.orderAmount += refund.orderAmount;
            given.surchargeAmount += refund.surchargeAmount;
            expect(given.orderAmount).toBeLessThanOrEqual(payment.orderAmount);
            expect(given.surchargeAmount).toBeLessThanOrEqual(payment.surchargeAmount);
          }
          const rest = refundWithSurcharge(payment.orderAmount, payment, given);
          expect(given.orderAmount + rest.orderAmount).toBe(payment.orderAmount);
          expect(given.surchargeAmount + rest.surchargeAmount).toBe(payment.surchargeAmount);
        },
      ),
    );
  });
});
