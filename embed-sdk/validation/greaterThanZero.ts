/** The spec's greaterThanZero rule, for a number or for money typed as text. */
import { z } from 'zod/mini';
import { validationMessages } from './messages.js';
import { parseMoneyToCents } from './money.js';

export function isGreaterThanZero(value: string | number): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  const cents = parseMoneyToCents(value);
  return cents !== null && cents > 0;
}

/**
 * '{field} needs to be greater than zero.' For a money text field, chain it after the money rule so
 * text that is not money gets the currency message:
 * `moneyZeroOk('amount').check(z.refine(isGreaterThanZero, validationMessages.greaterThanZero('Amount')))`.
 */
export function greaterThanZero(field: string) {
  const message = validationMessages.greaterThanZero(field);
  return z
    .union([z.string(), z.number()], { error: message })
    .check(z.refine(isGreaterThanZero, { message }));
}
