// @ts-check
// The one set of rules for the card-entry fields. The frame runs it before submitting, so a person
// sees what to fix; the provider's server runs it again on what arrives, because a request can be
// made without the frame.
import { BRAND_RULES, cvcLength, detectBrand } from './brand.js';
import { expiryProblem } from './expiry.js';
import { luhnValid } from './luhn.js';

/**
 * @typedef {import('./brand.js').CardBrand} CardBrand
 * @typedef {'cardNumber' | 'expiry' | 'cvc' | 'zip'} CardField
 * @typedef {'required' | 'invalid' | 'unsupported' | 'expired'} FieldProblem
 * @typedef {{ field: CardField, problem: FieldProblem }} FieldError
 * @typedef {{ cardNumber: string, expMonth: number | null, expYear: number | null, cvc: string, zip: string }} CardFields
 */

/**
 * What is wrong with a card number (digits only), or null.
 * @param {string} digits
 * @returns {FieldProblem | null}
 */
export function cardNumberProblem(digits) {
  if (digits === '') return 'required';
  if (!/^\d{12,19}$/.test(digits)) return 'invalid';
  const brand = detectBrand(digits);
  if (!luhnValid(digits)) return 'invalid';
  if (!brand) return 'unsupported';
  return BRAND_RULES[brand].lengths.includes(digits.length) ? null : 'invalid';
}

/**
 * Every field's problem, in the order the fields appear; empty when the card can be submitted.
 * `expMonth`/`expYear` are null when nothing was entered and NaN when the entry could not be read.
 * @param {CardFields} fields
 * @param {{ today: { year: number, month: number }, zip: 'required' | 'optional' }} options
 * @returns {FieldError[]}
 */
export function validateCardFields(fields, options) {
  /** @type {FieldError[]} */
  const errors = [];
  const numberProblem = cardNumberProblem(fields.cardNumber);
  if (numberProblem) errors.push({ field: 'cardNumber', problem: numberProblem });

  if (fields.expMonth === null || fields.expYear === null) {
    errors.push({ field: 'expiry', problem: 'required' });
  } else {
    const problem = expiryProblem(fields.expMonth, fields.expYear, options.today);
    if (problem) errors.push({ field: 'expiry', problem });
  }

  const brand = detectBrand(fields.cardNumber);
  // Until the brand is known either length could be right; the number's own error says what to fix.
  const cvcOk = brand ? new RegExp(`^\\d{${cvcLength(brand)}}$`) : /^\d{3,4}$/;
  if (fields.cvc === '') errors.push({ field: 'cvc', problem: 'required' });
  else if (!cvcOk.test(fields.cvc)) errors.push({ field: 'cvc', problem: 'invalid' });

  if (fields.zip === '') {
    if (options.zip === 'required') errors.push({ field: 'zip', problem: 'required' });
  } else if (!/^\d{5}$/.test(fields.zip)) {
    errors.push({ field: 'zip', problem: 'invalid' });
  }
  return errors;
}
