import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToMoneyInput, isMoney, isMoneyZeroOk, money, moneyZeroOk, parseMoneyToCents } from './money.js';

const accepted = [
  '1',
  '9',
  '10',
  '12.5',
  '12.50',
  '1234',
  '1234.56',
  '1,234',
  '1,234.5',
  '12,345.67',
  '123,456,789.01',
  ' 25.00 ',
];
const rejectedByBoth = [
  '',
  ' ',
  '.5',
  '1.',
  '1.234',
  '-5',
  '$5',
  '1,23',
  '1,2345',
  '12,34.00',
  '1234,567',
  ',123',
  '1 234',
  'abc',
  '5e3',
  '00',
  '05',
  '0,100',
];

describe('money', () => {
  it.each(accepted)('accepts %j', (text) => {
    expect(isMoney(text)).toBe(true);
    expect(money('amount').safeParse(text).success).toBe(true);
  });

  it.each([...rejectedByBoth, '0', '0.00', '0.5'])('rejects %j with the spec message', (text) => {
    expect(isMoney(text)).toBe(false);
    const result = money('amount').safeParse(text);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['The amount is not a currency value.']);
  });

  it('rejects a value that is not text with the same message', () => {
    expect(money('payment amount').safeParse(12).error?.issues[0]?.message).toBe(
      'The payment amount is not a currency value.',
    );
  });

  it('lets an empty optional field pass', () => {
    expect(money('amount', { optional: true }).safeParse('').success).toBe(true);
    expect(money('amount', { optional: true }).safeParse('x').success).toBe(false);
  });
});

describe('moneyZeroOk', () => {
  it.each([...accepted, '0', '0.0', '0.00', '0.5', '0.05'])('accepts %j', (text) => {
    expect(isMoneyZeroOk(text)).toBe(true);
    expect(moneyZeroOk('cycle amount').safeParse(text).success).toBe(true);
  });

  it.each(rejectedByBoth)('rejects %j', (text) => {
    expect(isMoneyZeroOk(text)).toBe(false);
    expect(moneyZeroOk('cycle amount').safeParse(text).error?.issues[0]?.message).toBe(
      'The cycle amount is not a currency value.',
    );
  });
});

describe('parseMoneyToCents', () => {
  it.each([
    ['1,234.5', 123450],
    ['1234.56', 123456],
    ['0', 0],
    ['0.01', 1],
    ['0.1', 10],
    ['19.99', 1999],
    ['1,000,000', 100000000],
    ['0.29', 29],
    ['1.13', 113],
    [' 4.35 ', 435],
  ])('%j → %i', (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '-1', '$1', '1,23'])('%j → null', (text) => {
    expect(parseMoneyToCents(text)).toBeNull();
  });

  it('is null beyond the safe integer range rather than imprecise', () => {
    expect(parseMoneyToCents('99999999999999999')).toBeNull();
  });
});

describe('centsToMoneyInput', () => {
  it.each([
    [123450, '1234.50'],
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1999, '19.99'],
    [100000000, '1000000.00'],
    [-1200, '-12.00'],
  ])('%i → %j', (cents, text) => {
    expect(centsToMoneyInput(cents)).toBe(text);
  });

  it('round-trips every amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parseMoneyToCents(centsToMoneyInput(cents))).toBe(cents);
      }),
    );
  });
});
