import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, monthDay, parseCalendarDate } from './calendarDates.js';

describe('addDays', () => {
  it.each([
    ['2025-03-08', 1, '2025-03-09'], // the night US clocks move forward
    ['2025-02-28', 1, '2025-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
  ])('%s + %i days → %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('addMonths', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-31', 2, '2025-03-31'],
    ['2025-03-31', 1, '2025-04-30'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2025-12-15', 1, '2026-01-15'],
    ['2025-01-15', -1, '2024-12-15'],
  ])('%s + %i months → %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe('monthDay', () => {
  it.each([
    [2025 * 12 + 1, 31, '2025-02-28'],
    [2024 * 12 + 1, 30, '2024-02-29'],
    [2025 * 12 + 3, 31, '2025-04-30'],
    [2025 * 12 + 11, 31, '2025-12-31'],
  ])('month %i, day %i → %s', (month, day, expected) => {
    expect(monthDay(month, day)).toBe(expected);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2025-06-01', '2025-06-01', 0],
    ['2025-06-01', '2025-06-02', 1],
    ['2025-06-02', '2025-06-01', -1],
    ['2025-03-01', '2025-04-01', 31], // across the spring daylight-saving change
    ['2025-10-15', '2025-11-15', 31], // and the autumn one
    ['2024-02-01', '2024-03-01', 29],
    ['2025-01-01', '2026-01-01', 365],
    ['2024-01-01', '2025-01-01', 366],
  ])('%s → %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('parseCalendarDate', () => {
  it.each(['2025-02-29', '2025-13-01', '2025-1-01', '', '06/01/2025'])('refuses "%s"', (value) => {
    expect(() => parseCalendarDate(value, 'startDate')).toThrow(/startDate must be a calendar date/);
  });
});
