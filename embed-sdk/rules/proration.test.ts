import { describe, expect, it } from 'vitest';
import { splitEvenly } from './proration.js';

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
