/**
 * The New Payment Request form's rules: the amount is required and must be money (spec section 5,
 * 'The Amount is not a currency value.'), greater than zero; the channels follow the card request's
 * rule (contract/channels.ts): with Text Message on the mobile is required and must be a phone
 * number, with Email on the e-mail is required and valid, and at least one channel is on. The
 * message is optional. Channels start filled from the patient, each on when its field has a value.
 */
import { z } from 'zod/mini';
import { NO_CHANNEL_MESSAGE } from '../../embed-sdk/contract/channels.js';
import type { Customer } from '../../embed-sdk/contract/patient.js';
import { formatPhone } from '../../embed-sdk/format/phone.js';
import { isEmailList } from '../../embed-sdk/validation/email.js';
import { validationMessages } from '../../embed-sdk/validation/messages.js';
import { isMoney, parseMoneyToCents } from '../../embed-sdk/validation/money.js';
import { isPhoneNumber } from '../../embed-sdk/validation/phone.js';

const AMOUNT = 'Amount';
const MOBILE = 'mobile phone';
const EMAIL = 'email';

export interface NewRequestValues {
  customerId: number | null;
  amount: string;
  notifyText: boolean;
  cell: string;
  notifyEmail: boolean;
  email: string;
  message: string;
}

export const PATIENT_REQUIRED = 'Choose a patient.';

export function channelPrefill(customer: Pick<Customer, 'cell' | 'email'> | null) {
  const cell = formatPhone(customer?.cell ?? '');
  const email = customer?.email ?? '';
  return { notifyText: cell.trim() !== '', cell, notifyEmail: email.trim() !== '', email };
}

export function emptyRequest(customerId: number | null): NewRequestValues {
  return { customerId, amount: '', ...channelPrefill(null), message: '' };
}

interface Problem {
  field: keyof NewRequestValues;
  message: string;
}

export function requestProblems(values: NewRequestValues): Problem[] {
  const problems: Problem[] = [];
  if (values.customerId === null) problems.push({ field: 'customerId', message: PATIENT_REQUIRED });
  const amount = values.amount.trim();
  if (amount === '') problems.push({ field: 'amount', message: `The ${AMOUNT} is required.` });
  else if (!isMoney(amount)) problems.push({ field: 'amount', message: validationMessages.money(AMOUNT) });
  else if ((parseMoneyToCents(amount) ?? 0) <= 0)
    problems.push({ field: 'amount', message: validationMessages.greaterThanZero(AMOUNT) });
  if (!values.notifyText && !values.notifyEmail)
    problems.push({ field: 'notifyText', message: NO_CHANNEL_MESSAGE });
  const cell = values.cell.trim();
  if (values.notifyText) {
    if (cell === '') problems.push({ field: 'cell', message: `The ${MOBILE} is required.` });
    else if (!isPhoneNumber(cell))
      problems.push({ field: 'cell', message: validationMessages.phoneNumber(MOBILE) });
  }
  const email = values.email.trim();
  if (values.notifyEmail) {
    if (email === '') problems.push({ field: 'email', message: `The ${EMAIL} is required.` });
    else if (!isEmailList(email)) problems.push({ field: 'email', message: validationMessages.email(EMAIL) });
  }
  if (values.message.trim().length > 500)
    problems.push({ field: 'message', message: 'The message can be at most 500 characters.' });
  return problems;
}

export const newRequestSchema = z
  .object({
    customerId: z.nullable(z.number()),
    amount: z.string(),
    notifyText: z.boolean(),
    cell: z.string(),
    notifyEmail: z.boolean(),
    email: z.string(),
    message: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      for (const p of requestProblems(values)) {
        ctx.issues.push({ code: 'custom', path: [p.field], message: p.message, input: values });
      }
    }),
  );

/** What is sent: cents, trimmed; a channel that is off sends an empty field. */
export function newRequestBody(values: NewRequestValues) {
  return {
    customerId: values.customerId ?? 0,
    amount: parseMoneyToCents(values.amount.trim()) ?? 0,
    notifyText: values.notifyText,
    cell: values.notifyText ? values.cell.trim() : '',
    notifyEmail: values.notifyEmail,
    email: values.notifyEmail ? values.email.trim() : '',
    message: values.message.trim(),
  };
}
