import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { greaterThanZero, isGreaterThanZero } from './greaterThanZero.js';
import { validationMessages } from './messages.js';
import { moneyZeroOk } from './money.js';

describe('greaterThanZero', () => {
  it.each([1, 0.01, 12, '0.01', '1', '1,234.50', '0.5'])('accepts %j', (value) => {
    expect(isGreaterThanZero(value)).toBe(true);
    expect(greaterThanZero('Amount').safeParse(value).success).toBe(true);
  });

  it.each([0, -1, -0.01, Number.NaN, '0', '0.00', '', 'abc', '-5'])(
    'rejects %j with the spec message',
    (value) => {
      expect(isGreaterThanZero(value)).toBe(false);
      expect(
        greaterThanZero('Amount')
          .safeParse(value)
          .error?.issues.map((i) => i.message),
      ).toEqual(['Amount needs to be greater than zero.']);
    },
  );

  it('rejects what is neither text nor a number with the same message', () => {
    expect(greaterThanZero('Amount').safeParse(null).error?.issues[0]?.message).toBe(
      'Amount needs to be greater than zero.',
    );
  });

  it('chains after the money rule for an adjustment amount', () => {
    const adjustment = z.object({
      amount: moneyZeroOk('amount').check(
        z.refine(isGreaterThanZero, validationMessages.greaterThanZero('Amount')),
      ),
    });
    expect(adjustment.safeParse({ amount: '12.00' }).success).toBe(true);
    expect(adjustment.safeParse({ amount: '0.00' }).error?.issues[0]?.message).toBe(
      'Amount needs to be greater than zero.',
    );
    expect(adjustment.safeParse({ amount: 'x' }).error?.issues[0]?.message).toBe(
      'The amount is not a currency value.',
    );
  });
});
