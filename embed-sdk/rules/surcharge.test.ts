/** The surcharge rules: the rate a payment carries, the networks' cap, rounding, a plan's line. */
import { describe, expect, it } from 'vitest';
import {
  MAX_SURCHARGE_BPS,
  creditCardRateBps,
  effectiveSurchargeBps,
  hasSurchargeInEffect,
  isSurcharged,
  lineSurcharge,
  surchargeFor,
  surchargeRateFor,
  type SurchargingPractice,
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

describe('surchargeRateFor: the one rule of the rate a payment carries', () => {
  const practice = (over: Partial<SurchargingPractice> = {}): SurchargingPractice => ({
    hasSurcharging: true,
    surchargeRateBps: 250,
    state: 'TX',
    ...over,
  });
  it.each([
    ['on, credit, a state that allows it', practice(), 'CREDIT', 250],
    ['off', practice({ hasSurcharging: false }), 'CREDIT', 0],
    ['a debit card', practice(), 'DEBIT', 0],
    ['a prepaid card', practice(), 'PREPAID', 0],
    ['a card not known yet', practice(), null, 0],
    ["above the networks' 3 %", practice({ surchargeRateBps: 350 }), 'CREDIT', 300],
    ['a negative rate', practice({ surchargeRateBps: -5 }), 'CREDIT', 0],
    ['Connecticut forbids it', practice({ state: 'CT' }), 'CREDIT', 0],
    ['Massachusetts forbids it', practice({ state: 'MA' }), 'CREDIT', 0],
    ['Colorado caps it at 2 %', practice({ state: 'CO' }), 'CREDIT', 200],
    [
      "under Colorado's cap, the practice's own",
      practice({ state: 'CO', surchargeRateBps: 150 }),
      'CREDIT',
      150,
    ],
    [
      "Minnesota's 5 % is above the networks' 3 %",
      practice({ state: 'MN', surchargeRateBps: 400 }),
      'CREDIT',
      300,
    ],
    ['New York: at most the cost, which the practice sets', practice({ state: 'NY' }), 'CREDIT', 250],
    ["a state not set yet: the networks' cap only", practice({ state: null }), 'CREDIT', 250],
    ['a forbidding state, debit card', practice({ state: 'CT' }), 'DEBIT', 0],
  ] as const)('%s', (_what, p, funding, rate) => {
    expect(surchargeRateFor(p, funding)).toBe(rate);
    expect(isSurcharged(p, funding)).toBe(rate > 0);
  });

  it('is what a credit card carries, and whether patients are surcharged at all', () => {
    expect(creditCardRateBps(practice({ state: 'CO' }))).toBe(200);
    expect(hasSurchargeInEffect(practice())).toBe(true);
    expect(hasSurchargeInEffect(practice({ state: 'CT' }))).toBe(false);
    expect(hasSurchargeInEffect(practice({ surchargeRateBps: 0 }))).toBe(false);
    expect(hasSurchargeInEffect(practice({ hasSurcharging: false }))).toBe(false);
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
