/**
 * The spec's phoneNumber rule: optional country code, 3-3-4 digits, optional extension. Ten digits
 * run together, or separated by dashes, dots or spaces (the area code may be in parentheses).
 */
import { z } from 'zod/mini';
import { validationMessages, type RuleOptions } from './messages.js';

const PHONE =
  /^(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?:\s*(?:x|ext\.?|extension)\s*\d{1,6})?$/i;

export function isPhoneNumber(text: string): boolean {
  return PHONE.test(text.trim());
}

/** 'The {field} is not a valid phone number.' */
export function phoneNumber(field: string, options: RuleOptions = {}) {
  const message = validationMessages.phoneNumber(field);
  return z
    .string({ error: message })
    .check(z.refine((text) => (options.optional && text.trim() === '') || isPhoneNumber(text), { message }));
}
