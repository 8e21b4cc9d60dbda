import { describe, expect, it } from 'vitest';
import { formatCurrency } from './currency.js';

describe('formatCurrency', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123450, '$1,234.50'],
    [100000, '$1,000.00'],
    [99999999, '$999,999.99'],
    [123456789012, '$1,234,567,890.12'],
    [-1200, '-$12.00'],
    [-5, '-$0.05'],
    [-123450, '-$1,234.50'],
    // A computed fraction of a cent rounds to the cent.
    [1234.6, '$12.35'],
  ])('%s cents → %s', (cents, expected) => {
    expect(formatCurrency(cents)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Infinity])('%s → empty', (value) => {
    expect(formatCurrency(value)).toBe('');
  });
});
