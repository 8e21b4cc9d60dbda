import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectBrand } from './browser/brand.js';
import { cardNumberProblem } from './browser/card-fields.js';
import { cardProfile, TEST_CARDS } from './test-cards.js';

const digits = (number: string) => number.replace(/\D/g, '');

describe('the test cards', () => {
  it.each(TEST_CARDS)('$number is a valid $brand card', (card) => {
    expect(cardNumberProblem(digits(card.number))).toBeNull();
    expect(detectBrand(digits(card.number))).toBe(card.brand);
  });

  it('include the cards the product is tested with', () => {
    expect(cardProfile('4111111111111111')).toEqual({ funding: 'CREDIT', behaviour: 'APPROVE' });
    expect(cardProfile('4000000000000002')).toEqual({ funding: 'CREDIT', behaviour: 'DECLINE' });
    expect(cardProfile('4000000000009995')).toEqual({ funding: 'CREDIT', behaviour: 'INSUFFICIENT_FUNDS' });
    expect(cardProfile('4000056655665556')).toEqual({ funding: 'DEBIT', behaviour: 'APPROVE' });
    expect(cardProfile('5105105105105100')).toEqual({ funding: 'PREPAID', behaviour: 'APPROVE' });
  });

  it('approve any other number as a credit card', () => {
    expect(cardProfile('4242424242424242')).toEqual({ funding: 'CREDIT', behaviour: 'APPROVE' });
  });

  it('are the table TEST-CARDS.md documents', () => {
    const markdown = fs.readFileSync(path.join(import.meta.dirname, 'TEST-CARDS.md'), 'utf8');
    const rows = markdown
      .split('\n')
      .filter((line) => /^\| \d/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = rows.map(([, number, brand, funding, behaviour]) => ({
      number,
      brand,
      funding,
      behaviour: behaviour?.includes('Insufficient funds')
        ? 'INSUFFICIENT_FUNDS'
        : behaviour?.includes('Card declined')
          ? 'DECLINE'
          : behaviour === 'approve'
            ? 'APPROVE'
            : behaviour,
    }));
    expect(documented).toEqual(TEST_CARDS.map((card) => ({ ...card })));
  });
});
