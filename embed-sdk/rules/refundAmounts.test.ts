import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveSurchargeRate,
  leftToRefund,
  refundParts,
  refundSurcharge,
  refundWithSurcharge,
  type RefundablePayment,
} from './refundAmounts.js';
import { surchargeFor } from './surcharge.js';

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

// The refund form sends what refundWithSurcharge gives; the server splits that total back into its
// parts with refundParts: the two must agree, or the server would refund other parts than the form showed.
describe('refundParts undoes refundWithSurcharge', () => {
  it('for any payment, earlier refund and partial refund', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (orderAmount, bps, earlierShare, share) => {
          const surchargeAmount = surchargeFor(orderAmount, bps);
          const payment = { orderAmount, surchargeAmount };
          const earlier = refundWithSurcharge(Math.floor(orderAmount * earlierShare), payment);
          const left = orderAmount - earlier.orderAmount;
          const refund = refundWithSurcharge(Math.floor(left * share), payment, earlier);
          const parts = refundParts(
            {
              amount: orderAmount + surchargeAmount,
              orderAmount,
              surchargeAmount,
              refundedAmount: earlier.amount,
              refundedOrderAmount: earlier.orderAmount,
              refundedSurcharge: earlier.surchargeAmount,
            },
            refund.amount,
          );
          expect(parts).toEqual(refund);
        },
      ),
    );
  });
});
