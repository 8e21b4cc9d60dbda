import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveSurchargeRate,
  leftToRefund,
  refundParts,
  refundSurcharge,
  type RefundablePayment,
} from './refundAmounts.js';
import { prorate } from './proration.js';

describe('effectiveSurchargeRate', () => {
  it.each([
    ['3 % of $100.00', 10_000, 300, 0.03],
    ['$3.70 on $123.45 (0.029971…)', 12_345, 370, 0.03],
    ['$1.49 on $49.50 (0.030101…)', 4_950, 149, 0.0301],
    ['$0.01 on $3.00 (0.003333…)', 300, 1, 0.0033],
    ['no surcharge', 10_000, 0, 0],
    ['no order amount', 0, 0, 0],
  ])('%s → %d', (_what, orderAmount, surchargeAmount, rate) => {
    expect(effectiveSurchargeRate({ orderAmount, surchargeAmount })).toBe(rate);
  });
});

describe('refundSurcharge', () => {
  const payment = { orderAmount: 12_345, surchargeAmount: 370 };
  it.each([
    ['the whole order amount: the whole surcharge', 12_345, 370],
    ['more than the order amount: still the whole surcharge', 20_000, 370],
    ['half: 6,000 × 0.0300', 6_000, 180],
    ['a few cents round to nothing', 10, 0],
    ['17 cents × 0.03 = 0.51 rounds up', 17, 1],
  ])('%s', (_what, orderRefund, expected) => {
    expect(refundSurcharge(orderRefund, payment)).toBe(expected);
  });

  it('is nothing without a surcharge', () => {
    expect(refundSurcharge(5_000, { orderAmount: 10_000, surchargeAmount: 0 })).toBe(0);
  });
});

describe('prorate', () => {
  it.each([
    ['evenly', 10_000, [5_000, 5_000], [5_000, 5_000]],
    ['the last absorbs the rounding', 100, [100, 100, 100], [33, 33, 34]],
    ['in proportion', 6_000, [10_000, 5_000, 5_000], [3_000, 1_500, 1_500]],
    ['$10.00 over $33.33, $33.33, $33.34', 1_000, [3_333, 3_333, 3_334], [333, 333, 334]],
    ['everything', 4_321, [1_000, 3_000, 321], [1_000, 3_000, 321]],
    ['nothing', 0, [1_000, 2_000], [0, 0]],
    ['one split', 777, [1_000], [777]],
    // Plain rounding would give the first seven 1 each and the last -3.
    ['many tiny splits stay within their amounts', 4, [1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 0, 0, 0]],
  ])('%s', (_what, total, weights, parts) => {
    expect(prorate(total, weights)).toEqual(parts);
  });

  it('sums exactly to the whole, and no part is negative or above its split, for any amounts', () => {
    fc.assert(
      fc.property(
        // Splits of a few cents too: they are where rounding goes wrong.
        fc.oneof(
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 30 }),
          fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 30 }),
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * share);
          const parts = prorate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });
});

describe('refundParts', () => {
  const payment: RefundablePayment = {
    amount: 10_300,
    orderAmount: 10_000,
    surchargeAmount: 300,
    refundedAmount: 0,
    refundedOrderAmount: 0,
    refundedSurcharge: 0,
  };

  it.each([
    ['the whole payment', payment, 10_300, { amount: 10_300, orderAmount: 10_000, surchargeAmount: 300 }],
    ['half', payment, 5_150, { amount: 5_150, orderAmount: 5_000, surchargeAmount: 150 }],
    [
      'what is left after a partial refund',
      { ...payment, refundedAmount: 5_150, refundedOrderAmount: 5_000, refundedSurcharge: 150 },
      5_150,
      { amount: 5_150, orderAmount: 5_000, surchargeAmount: 150 },
    ],
    [
      'no surcharge',
      { ...payment, amount: 10_000, surchargeAmount: 0 },
      2_500,
      { amount: 2_500, orderAmount: 2_500, surchargeAmount: 0 },
    ],
  ])('%s', (_what, p, requested, parts) => {
    expect(refundParts(p, requested)).toEqual(parts);
  });

  /** A payment with a surcharge at some rate, and refunds so far that left something. */
  const payments = fc
    .record({
      orderAmount: fc.integer({ min: 1, max: 10_000_000 }),
      bps: fc.integer({ min: 0, max: 300 }),
    })
    .map(({ orderAmount, bps }) => {
      const surchargeAmount = Math.round((orderAmount * bps) / 10_000);
      return { orderAmount, surchargeAmount, amount: orderAmount + surchargeAmount };
    });

  it('parts add up to the refund, and a series of refunds never gives back more than was paid', () => {
    fc.assert(
      fc.property(
        payments,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (charged, shares) => {
          let state: RefundablePayment = {
            ...charged,
            refundedAmount: 0,
            refundedOrderAmount: 0,
            refundedSurcharge: 0,
          };
          for (const share of shares) {
            const left = leftToRefund(state).amount;
            if (left === 0) break;
            const requested = Math.max(1, Math.floor(left * share));
            const parts = refundParts(state, requested);
            expect(parts.amount).toBe(requested);
            expect(parts.orderAmount + parts.surchargeAmount).toBe(parts.amount);
            expect(parts.orderAmount).toBeGreaterThanOrEqual(0);
            expect(parts.surchargeAmount).toBeGreaterThanOrEqual(0);
            state = {
              ...state,
              refundedAmount: state.refundedAmount + parts.amount,
              refundedOrderAmount: state.refundedOrderAmount + parts.orderAmount,
              refundedSurcharge: state.refundedSurcharge + parts.surchargeAmount,
            };
            const after = leftToRefund(state);
            expect(after.amount).toBeGreaterThanOrEqual(0);
            expect(after.orderAmount).toBeGreaterThanOrEqual(0);
            expect(after.surchargeAmount).toBeGreaterThanOrEqual(0);
          }
          // Whatever is left comes back exactly with one last refund.
          const rest = leftToRefund(state);
          if (rest.amount > 0) expect(refundParts(state, rest.amount)).toEqual(rest);
        },
      ),
    );
  });
});
