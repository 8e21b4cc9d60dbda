import { describe, expect, it } from 'vitest';
import { dayRange, startOfCalendarDay } from './dateRange.js';

describe('dayRange', () => {
  it.each([
    ['no days: unbounded', undefined, undefined, null, null],
    [
      'one day: its midnight to the next',
      '2025-03-10',
      '2025-03-10',
      new Date(2025, 2, 10),
      new Date(2025, 2, 11),
    ],
    ['from a day on', '2025-03-10', undefined, new Date(2025, 2, 10), null],
    ['up to a day', undefined, '2025-12-31', null, new Date(2026, 0, 1)],
    ['across a month end', '2025-01-31', '2025-02-28', new Date(2025, 0, 31), new Date(2025, 2, 1)],
  ])('%s', (_what, start, end, from, before) => {
    expect(dayRange(start, end)).toEqual({ from, before });
  });

  it('starts a day at local midnight, whatever the daylight-saving change that day', () => {
    expect(startOfCalendarDay('2025-03-09').getHours()).toBe(0);
    expect(startOfCalendarDay('2025-11-02').getHours()).toBe(0);
  });
});
