import { describe, expect, it } from 'vitest';
import { cardNumberProblem, validateCardFields, type CardFields } from './card-fields.js';

describe('cardNumberProblem', () => {
  it.each([
    ['4111111111111111', null],
    ['378282246310005', null],
    ['30569309020004', null],
    ['', 'required'],
    ['4111111111111112', 'invalid'],
    ['411111111111', 'invalid'],
    ['41111111111111111111', 'invalid'],
    ['4111-1111-1111-1111', 'invalid'],
    // Luhn-valid, right length for nobody: Visa issues 13, 16 or 19 digits.
    ['411111111111113', 'invalid'],
    // Luhn-valid, but no brand the provider accepts.
    ['1234567812345670', 'unsupported'],
  ])('%j → %s', (digits, problem) => {
    expect(cardNumberProblem(digits)).toBe(problem);
  });
});

describe('validateCardFields', () => {
  const today = { year: 2026, month: 5 };
  const good: CardFields = {
    cardNumber: '4111111111111111',
    expMonth: 12,
    expYear: 2027,
    cvc: '123',
    zip: '90210',
  };
  const check = (changes: Partial<CardFields>, zip: 'required' | 'optional' = 'required') =>
    validateCardFields({ ...good, ...changes }, { today, zip });

  it.each([
    [{}, []],
    [{ cardNumber: '' }, [{ field: 'cardNumber', problem: 'required' }]],
    [{ expMonth: null, expYear: null }, [{ field: 'expiry', problem: 'required' }]],
    [{ expMonth: Number.NaN, expYear: Number.NaN }, [{ field: 'expiry', problem: 'invalid' }]],
    [{ expMonth: 4, expYear: 2026 }, [{ field: 'expiry', problem: 'expired' }]],
    [{ cvc: '' }, [{ field: 'cvc', problem: 'required' }]],
    [{ cvc: '1234' }, [{ field: 'cvc', problem: 'invalid' }]],
    [{ cvc: '12a' }, [{ field: 'cvc', problem: 'invalid' }]],
    [{ cardNumber: '378282246310005', cvc: '123' }, [{ field: 'cvc', problem: 'invalid' }]],
    [{ cardNumber: '378282246310005', cvc: '1234' }, []],
    [{ zip: '' }, [{ field: 'zip', problem: 'required' }]],
    [{ zip: '9021' }, [{ field: 'zip', problem: 'invalid' }]],
    [{ zip: '90210-1234' }, [{ field: 'zip', problem: 'invalid' }]],
    [
      { cardNumber: '', expMonth: null, expYear: null, cvc: '', zip: '' },
      [
        { field: 'cardNumber', problem: 'required' },
        { field: 'expiry', problem: 'required' },
        { field: 'cvc', problem: 'required' },
        { field: 'zip', problem: 'required' },
      ],
    ],
  ] as [Partial<CardFields>, unknown[]][])('%j → %j', (changes, errors) => {
    expect(check(changes)).toEqual(errors);
  });

  it('lets an optional ZIP code be empty but not wrong', () => {
    expect(check({ zip: '' }, 'optional')).toEqual([]);
    expect(check({ zip: '123' }, 'optional')).toEqual([{ field: 'zip', problem: 'invalid' }]);
  });
});
