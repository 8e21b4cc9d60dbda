import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative.js';

const now = '2024-06-15T12:00:00';

describe('relativeTime', () => {
  it.each([
    ['2024-06-15T12:00:20', 'in a few seconds'],
    ['2024-06-15T11:59:20', 'a few seconds ago'],
    ['2024-06-15T12:05:00', 'in 5 minutes'],
    ['2024-06-15T09:00:00', '3 hours ago'],
    ['2024-06-16T12:00:00', 'in a day'],
    ['2024-06-18T12:00:00', 'in 3 days'],
    ['2024-06-12T12:00:00', '3 days ago'],
    ['2024-04-15T12:00:00', '2 months ago'],
    ['2024-08-20T12:00:00', 'in 2 months'],
    ['2023-06-15T12:00:00', 'a year ago'],
    ['2027-06-15T12:00:00', 'in 3 years'],
  ])('%s → %s', (value, expected) => {
    expect(relativeTime(value, now)).toBe(expected);
  });

  it('measures from the current time by default', () => {
    expect(relativeTime(new Date(Date.now() - 3 * 24 * 3600 * 1000))).toBe('3 days ago');
  });

  it.each([
    [null, ''],
    ['', ''],
    ['someday', 'someday'],
  ])('%s → %j', (value, expected) => {
    expect(relativeTime(value, now)).toBe(expected);
  });
});
