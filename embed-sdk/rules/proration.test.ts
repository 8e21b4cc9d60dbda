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
