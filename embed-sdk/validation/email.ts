/**
 * The spec's email rule: one or more addresses separated by commas. Each address is checked with
 * zod's own e-mail pattern, the one the contract validates with on the server.
 */
import { z } from 'zod/mini';
import { validationMessages, type RuleOptions } from './messages.js';

export function isEmailList(text: string): boolean {
  const addresses = text.split(',').map((address) => address.trim());
  return addresses.every((address) => z.regexes.email.test(address));
}

/** 'The {field} is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.' */
export function emailList(field: string, options: RuleOptions = {}) {
  const message = validationMessages.email(field);
  return z
    .string({ error: message })
    .check(z.refine((text) => (options.optional && text.trim() === '') || isEmailList(text), { message }));
}
