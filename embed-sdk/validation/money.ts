/**
 * Money typed by a person: 'money' starts 1-9, 'moneyZeroOk' may start with 0; both allow comma
 * thousands groups and up to 2 decimals. The parse and format helpers here are the only place where
 * such text becomes integer cents and back (architecture: convert only at the edge).
 */
import { z } from 'zod/mini';
import { splitCents } from '../format/cents.js';
import { validationMessages, type RuleOptions } from './messages.js';

/** Plain digits or comma-grouped thousands, then at most 2 decimals. */
const MONEY = /^[1-9](?:\d*|\d{0,2}(?:,\d{3})+)(?:\.\d{1,2})?$/;
const ZERO = /^0(?:\.\d{1,2})?$/;

export function isMoney(text: string): boolean {
  return MONEY.test(text.trim());
}

export function isMoneyZeroOk(text: string): boolean {
  const trimmed = text.trim();
  return MONEY.test(trimmed) || ZERO.test(trimmed);
}

/** '1,234.5' → 123450; null for text that is not money (zero allowed). No floating point involved. */
export function parseMoneyToCents(text: string): number | null {
  if (!isMoneyZeroOk(text)) return null;
  const [dollars = '0', fraction = ''] = text.trim().replace(/,/g, '').split('.');
  const cents = Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 123450 → '1234.50': the value a money input starts with (no grouping, so it parses back). */
export function centsToMoneyInput(cents: number): string {
  const { negative, dollars, cents: rest } = splitCents(cents);
  return `${negative ? '-' : ''}${dollars}.${rest}`;
}

function rule(test: (text: string) => boolean, message: string, options: RuleOptions) {
  return z
    .string({ error: message })
    .check(z.refine((text) => (options.optional && text.trim() === '') || test(text), { message }));
}

/** A money field: 'The {field} is not a currency value.' */
export function money(field: string, options: RuleOptions = {}) {
  return rule(isMoney, validationMessages.money(field), options);
}

/** A money field where zero is allowed (e.g. a payment plan cycle amount). */
export function moneyZeroOk(field: string, options: RuleOptions = {}) {
  return rule(isMoneyZeroOk, validationMessages.money(field), options);
}
