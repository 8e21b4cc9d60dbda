import { describe, expect, it } from 'vitest';
import { cvcLength, detectBrand, formatCardNumber, maxCardNumberLength } from './brand.js';

describe('detectBrand', () => {
  it.each([
    ['4111111111111111', 'VISA'],
    ['4', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['51', 'MASTERCARD'],
    ['2221000000000009', 'MASTERCARD'],
    ['2720990000000007', 'MASTERCARD'],
    ['2721', null],
    ['2220', null],
    ['378282246310005', 'AMERICAN_EXPRESS'],
    ['34', 'AMERICAN_EXPRESS'],
    ['6011111111111117', 'DISCOVER'],
    ['644', 'DISCOVER'],
    ['65', 'DISCOVER'],
    ['6221260000000000', 'DISCOVER'],
    ['6221250000000000', null],
    ['30569309020004', 'DINERS_CLUB'],
    ['36', 'DINERS_CLUB'],
    ['306', null],
    ['3566002020360505', 'JCB'],
    ['3528', 'JCB'],
    ['3527', null],
    ['3', null],
    ['1234567812345678', null],
    ['', null],
    ['4x', null],
  ])('%j → %s', (digits, brand) => {
    expect(detectBrand(digits)).toBe(brand);
  });
});

describe('formatCardNumber', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['411111', '4111 11'],
    ['378282246310005', '3782 822463 10005'],
    ['30569309020004', '3056 930902 0004'],
    ['4111111111111111111', '4111 1111 1111 1111111'],
    ['', ''],
  ])('%j → %j', (digits, formatted) => {
    expect(formatCardNumber(digits)).toBe(formatted);
  });
});

describe('lengths by brand', () => {
  it.each([
    ['VISA', 19, 3],
    ['AMERICAN_EXPRESS', 15, 4],
    ['MASTERCARD', 16, 3],
    [null, 19, 3],
  ] as const)('%s: up to %i digits, a %i-digit security code', (brand, max, cvc) => {
    expect(maxCardNumberLength(brand)).toBe(max);
    expect(cvcLength(brand)).toBe(cvc);
  });
});
