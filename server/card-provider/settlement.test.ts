import { describe, expect, it } from 'vitest';
import { isSettled, settlementCutOff } from './settlement.js';

// Local times, as the cut-off is: the tests hold in any time zone.
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 2, day, hours, minutes);

describe('settlementCutOff', () => {
  it.each([
    [at(10, 9), at(10, 20), 'a morning sale settles that evening'],
    [at(10, 19, 59), at(10, 20), 'a minute before the cut-off'],
    [at(10, 20), at(11, 20), 'exactly at the cut-off: the next batch'],
    [at(10, 20, 1), at(11, 20), 'after the cut-off: the next evening'],
    [at(31, 23), new Date(2026, 3, 1, 20), 'across a month end'],
  ])('%s → %s (%s)', (created, cutOff) => {
    expect(settlementCutOff(created)).toEqual(cutOff);
  });
});

describe('isSettled', () => {
  it.each([
    [at(10, 9), at(10, 19, 59), false],
    [at(10, 9), at(10, 20), true],
    [at(10, 21), at(11, 19), false],
    [at(10, 21), at(11, 20), true],
    [at(10, 21), at(20, 8), true],
  ])('made %s, now %s → %s', (created, now, settled) => {
    expect(isSettled(created, now)).toBe(settled);
  });
});
