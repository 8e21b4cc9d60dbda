import { describe, expect, it } from 'vitest';
import { FESTIVE_WINDOW_DAYS, isFestiveSeason } from './festive.js';

describe('isFestiveSeason: within 31 days before 25 December', () => {
  it('is the spec’s 31 days', () => {
    expect(FESTIVE_WINDOW_DAYS).toBe(31);
  });

  it.each([
    ['2026-11-21 (this project’s today)', new Date(2026, 10, 21, 12), false],
    ['2026-11-23, 32 days before', new Date(2026, 10, 23, 23, 59), false],
    ['2026-11-24, 31 days before', new Date(2026, 10, 24, 0, 0), true],
    ['2026-12-01', new Date(2026, 11, 1, 9), true],
    ['2026-12-24 late evening', new Date(2026, 11, 24, 23, 59), true],
    ['2026-12-25, Christmas Day', new Date(2026, 11, 25, 8), true],
    ['2026-12-26, the day after', new Date(2026, 11, 26, 0, 0), false],
    ['2027-01-01', new Date(2027, 0, 1), false],
    ['2027-07-04', new Date(2027, 6, 4), false],
    ['2028-11-24 (a leap year)', new Date(2028, 10, 24), true],
  ])('%s → %s', (_label, date, expected) => {
    expect(isFestiveSeason(date)).toBe(expected);
  });
});
