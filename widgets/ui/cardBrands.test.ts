import { describe, expect, it } from 'vitest';
import { describeCard, formatExpiry, lastDigits } from './cardBrands.js';

describe('formatExpiry', () => {
  it.each([
    [12, 2030, '12/30'],
    [1, 2027, '01/27'],
    [9, 2100, '09/00'],
  ])('%i/%i reads %s', (month, year, text) => expect(formatExpiry(month, year)).toBe(text));
});

describe('lastDigits', () => {
  it.each([
    ['•••• 1111', '1111'],
    ['**** **** **** 4444', '4444'],
    ['x0005', '0005'],
    ['masked', 'masked'],
  ])('%j → %j', (mask, digits) => expect(lastDigits(mask)).toBe(digits));
});

describe('describeCard', () => {
  it('names the brand, the last digits and the expiry', () => {
    expect(
      describeCard({ cardType: 'AMERICAN_EXPRESS', description: '•••• 0005', expMonth: 3, expYear: 2029 }),
    ).toBe('American Express ending in 0005, expires 03/29');
  });
});
