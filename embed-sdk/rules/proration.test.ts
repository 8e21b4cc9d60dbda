import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prorate, splitEvenly } from './proration.js';

describe('splitEvenly', () => {
  it.each([
    [100_000, 4, [25_000, 25_000, 25_000, 25_000]],
    [100_000, 3, [33_333, 33_333, 33_334]],
    [10, 3, [3, 3, 4]],
    [2, 3, [0, 0, 2]],
    [0, 2, [0, 0]],
    [12_345, 1, [12_345]],
  ])('%i cents in %i parts → %o, the remainder on the last', (total, parts, expected) => {
    const split = splitEvenly(total, parts);
    expect(split).toEqual(expected);
    expect(split.reduce((sum, part) => sum + part, 0)).toBe(total);
  });

  it.each([
    [-1, 2],
    [10.5, 2],
    [10, 0],
    [10, 1.5],
  ])('refuses %d cents in %d parts', (total, parts) => {
    expect(() => splitEvenly(total, parts)).toThrow(RangeError);
  });
});

describe('prorate', () => {
  it.each([
    ['evenly', 10_000, [5_000, 5_000], [5_000, 5_000]],
    ['the whole of each split', 12_345, [10_000, 2_000, 345], [10_000, 2_000, 345]],
    ['a third each: the rounding lands on a later part', 100, [100, 100, 100], [33, 34, 33]],
    ['half of an odd split rounds up on the first', 5, [5, 5], [3, 2]],
    ['nothing', 0, [3_000, 7_000], [0, 0]],
    ['a split with nothing left gets nothing', 4_000, [0, 8_000, 2_000], [0, 3_200, 800]],
    ['one split', 2_500, [7_500], [2_500]],
    ['two cents across three cents of splits', 2, [1, 1, 1], [1, 0, 1]],
    ['the largest amounts, exactly', 99_999_999, [33_333_333, 66_666_666], [33_333_333, 66_666_666]],
    ['no splits, nothing to give', 0, [], []],
  ])('%s: %i cents across %o → %o', (_what, total, splits, expected) => {
    expect(prorate(total, splits)).toEqual(expected);
  });

  it.each([
    ['more than the splits hold', 101, [50, 50]],
    ['a negative total', -1, [50]],
    ['a fraction of a cent', 10.5, [50]],
    ['a negative split', 10, [50, -1]],
  ])('refuses %s', (_what, total, splits) => {
    expect(() => prorate(total, splits)).toThrow(RangeError);
  });

  const splitsAndTotal = fc
    .array(fc.integer({ min: 0, max: 99_999_999 }), { minLength: 1, maxLength: 12 })
    .filter((splits) => splits.reduce((s, x) => s + x, 0) <= 99_999_999)
    .chain((splits) =>
      fc.tuple(fc.constant(splits), fc.integer({ min: 0, max: splits.reduce((s, x) => s + x, 0) })),
    );

  it('always adds up to the whole, and never gives a split more than it has left', () => {
    fc.assert(
      fc.property(splitsAndTotal, ([splits, total]) => {
        const parts = prorate(total, splits);
        expect(parts.reduce((s, x) => s + x, 0)).toBe(total);
        parts.forEach((part, i) => {
          expect(Number.isSafeInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(splits[i]!);
        });
      }),
    );
  });

  it('gives each split its share to within a cent, but for the rounding the last absorbs', () => {
    fc.assert(
      fc.property(splitsAndTotal, ([splits, total]) => {
        const whole = splits.reduce((s, x) => s + x, 0);
        const parts = prorate(total, splits);
        parts.slice(0, -1).forEach((part, i) => {
          if (whole > 0) expect(Math.abs(part - (total * splits[i]!) / whole)).toBeLessThanOrEqual(1);
        });
      }),
    );
  });
});
