import { describe, expect, it } from 'vitest';
import {
  MAX_SURCHARGE_BPS,
  effectiveSurchargeBps,
  isSurcharged,
  lineSurcharge,
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
