import type { CardBrand } from './brand.js';

export type { CardBrand };
export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'zip';
export type FieldProblem = 'required' | 'invalid' | 'unsupported' | 'expired';
export interface FieldError {
  field: CardField;
  problem: FieldProblem;
}
export interface CardFields {
  /** Digits only. */
  cardNumber: string;
  /** Null when nothing was entered, NaN when the entry could not be read. */
  expMonth: number | null;
  expYear: number | null;
  cvc: string;
  zip: string;
}

/** What is wrong with a card number (digits only), or null. */
export function cardNumberProblem(digits: string): FieldProblem | null;
/** Every field's problem, in the order the fields appear; empty when the card can be submitted. */
export function validateCardFields(
  fields: CardFields,
  options: { today: { year: number; month: number }; zip: 'required' | 'optional' },
): FieldError[];
