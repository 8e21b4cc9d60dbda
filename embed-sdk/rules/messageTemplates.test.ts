/** The placeholder rules, rendering and SMS segment counting of patient message templates. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  MESSAGE_KINDS,
  placeholdersIn,
  renderTemplate,
  smsSegments,
  templateFieldProblem,
  templateProblem,
} from './messageTemplates.js';

const values = {
  firstName: 'Maria',
  practiceName: 'Bright Smiles Dental',
  amount: '$125.50',
  link: 'https://pay.example/#/p/abc',
};

describe('renderTemplate', () => {
  it('replaces every placeholder, each as often as it appears', () => {
    expect(renderTemplate('{practiceName}: Hi {firstName}, {amount} at {link}. {firstName}!', values)).toBe(
      'Bright Smiles Dental: Hi Maria, $125.50 at https://pay.example/#/p/abc. Maria!',
    );
  });

  it('writes a value with braces as it is, never reading it as a placeholder', () => {
    expect(renderTemplate('Hi {firstName}, {link}', { ...values, firstName: '{link}' })).toBe(
      'Hi {link}, https://pay.example/#/p/abc',
    );
  });

  it('leaves text without placeholders and stray braces alone', () => {
    expect(renderTemplate('Pay {soon at {link}', values)).toBe('Pay {soon at https://pay.example/#/p/abc');
  });
});

describe('placeholdersIn', () => {
  it('names the placeholders as written, known or not', () => {
    expect(placeholdersIn('Hi {firstName} {lastName}, { link }')).toEqual([
      'firstName',
      'lastName',
      ' link ',
    ]);
  });
});

describe('templateFieldProblem', () => {
  it.each([
    ['PAYMENT_REQUEST', 'text', 'Hi {lastName}: {link}', 'The text has an unknown placeholder: {lastName}.'],
    [
      'PAYMENT_REQUEST',
      'emailBody',
      'Hi {firstName}, pay {amount}.',
      "The e-mail's body must include {link}: a payment request sends the patient a link.",
    ],
    [
      'PAYMENT_REMINDER',
      'text',
      'Reminder: {amount} is open.',
      'The text must include {link}: a payment reminder sends the patient a link.',
    ],
    [
      'CARD_REQUEST',
      'text',
      'Add a card for {amount}: {link}',
      'A card request has no amount: remove {amount} from the text.',
    ],
    [
      'RECEIPT',
      'emailBody',
      'Thanks! {link}',
      "A receipt has no link: remove {link} from the e-mail's body.",
    ],
    [
      'PAYMENT_REQUEST',
      'emailSubject',
      'Pay at {link}',
      "The e-mail's subject cannot carry {link}: put it in the body.",
    ],
    ['PAYMENT_REQUEST', 'emailSubject', 'Two\nlines', "The e-mail's subject must be one line."],
    ['PAYMENT_REQUEST', 'emailSubject', '   ', "The e-mail's subject cannot be empty."],
    ['CARD_REQUEST', 'text', `${'a'.repeat(610)}{link}`, 'The text must be at most 612 characters.'],
  ] as const)('%s %s %j: %s', (kind, field, value, message) => {
    expect(templateFieldProblem(kind, field, value)).toBe(message);
  });

  it('takes a subject without a link, and a receipt without one', () => {
    expect(templateFieldProblem('PAYMENT_REQUEST', 'emailSubject', 'From {practiceName}')).toBeNull();
    expect(templateFieldProblem('RECEIPT', 'emailBody', 'Thank you, {firstName}: {amount}.')).toBeNull();
  });
});

describe('templateProblem', () => {
  it.each(MESSAGE_KINDS)('takes the default of %s', (kind) => {
    expect(templateProblem(kind, DEFAULT_TEMPLATES[kind])).toBeNull();
  });

  it('names the first field that is wrong, the text first', () => {
    expect(
      templateProblem('PAYMENT_REQUEST', { text: 'no link', emailSubject: '{oops}', emailBody: 'no link' }),
    ).toEqual({
      field: 'text',
      message: 'The text must include {link}: a payment request sends the patient a link.',
    });
    expect(
      templateProblem('PAYMENT_REQUEST', { ...DEFAULT_TEMPLATES.PAYMENT_REQUEST, emailSubject: '{oops}' }),
    ).toEqual({ field: 'emailSubject', message: "The e-mail's subject has an unknown placeholder: {oops}." });
  });

  it('refuses a text for a kind only e-mailed, and a missing text for a kind texted', () => {
    expect(templateProblem('RECEIPT', { ...DEFAULT_TEMPLATES.RECEIPT, text: 'Thanks' })).toEqual({
      field: 'text',
      message: 'Receipt is only e-mailed: it has no text.',
    });
    expect(templateProblem('CARD_REQUEST', { ...DEFAULT_TEMPLATES.CARD_REQUEST, text: null })).toEqual({
      field: 'text',
      message: 'The text cannot be empty.',
    });
  });
});

describe('smsSegments', () => {
  it.each([
    ['', 'GSM-7', 1],
    ['a'.repeat(160), 'GSM-7', 1],
    ['a'.repeat(161), 'GSM-7', 2],
    ['a'.repeat(306), 'GSM-7', 2],
    ['a'.repeat(307), 'GSM-7', 3],
    // The extension table's characters take two places each: 80 € fill one segment, 81 take two.
    ['€'.repeat(80), 'GSM-7', 1],
    ['€'.repeat(81), 'GSM-7', 2],
    // One character outside GSM-7 makes the whole text UCS-2: 70 in one segment, 67 in each of several.
    ['ç'.repeat(70), 'UCS-2', 1],
    ['ç'.repeat(71), 'UCS-2', 2],
    ['ç'.repeat(134), 'UCS-2', 2],
    ['ç'.repeat(135), 'UCS-2', 3],
    [`${'a'.repeat(100)}ç`, 'UCS-2', 2],
  ] as const)('%#: %s characters are %s in %i segment(s)', (text, encoding, segments) => {
    expect(smsSegments(text)).toEqual({ encoding, segments });
  });

  it('counts the default payment request text, rendered, as one segment', () => {
    const text = renderTemplate(DEFAULT_TEMPLATES.PAYMENT_REQUEST.text!, values);
    expect(smsSegments(text)).toEqual({ encoding: 'GSM-7', segments: 1 });
  });
});
