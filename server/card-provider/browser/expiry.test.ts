import { describe, expect, it } from 'vitest';
import { expiryProblem, formatExpiryInput, parseExpiry } from './expiry.js';

describe('parseExpiry', () => {
  it.each([
    ['12/26', { month: 12, year: 2026 }],
    ['01 / 30', { month: 1, year: 2030 }],
    ['0429', { month: 4, year: 2029 }],
    ['4/27', { month: 4, year: 2027 }],
    ['12/2031', { month: 12, year: 2031 }],
    ['13/26', { month: 13, year: 2026 }],
    ['', null],
    ['12', null],
    ['12/2', null],
    ['ab/cd', null],
  ])('%j → %j', (text, parsed) => {
    expect(parseExpiry(text)).toEqual(parsed);
  });
});

describe('expiryProblem', () => {
  const today = { year: 2026, month: 5 };
  it.each([
    [5, 2026, null, 'good through the end of this month'],
    [6, 2026, null, 'next month'],
    [1, 2027, null, 'next year'],
    [4, 2026, 'expired', 'last month'],
    [12, 2025, 'expired', 'last year'],
    [0, 2027, 'invalid', 'month 0'],
    [13, 2027, 'invalid', 'month 13'],
    [12, 2046, null, 'twenty years ahead'],
    [1, 2047, 'invalid', 'more than twenty years ahead'],
    [Number.NaN, 2027, 'invalid', 'unreadable month'],
  ] as [number, number, string | null, string][])('%i/%i → %s (%s)', (month, year, problem) => {
    expect(expiryProblem(month, year, today)).toBe(problem);
  });
});

describe('formatExpiryInput', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['122', '12/2'],
    ['1226', '12/26'],
    ['12/26', '12/26'],
    ['12/2633', '12/26'],
    ['4', '04'],
    ['42', '04/2'],
    ['0', '0'],
    ['a1b2', '12'],
  ])('%j → %j', (typed, shown) => {
    expect(formatExpiryInput(typed)).toBe(shown);
  });
});
