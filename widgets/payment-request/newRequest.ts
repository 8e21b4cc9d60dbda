/**
 * The New Payment Request form's rules: the amount is required and must be money (spec section 5,
 * 'The Amount is not a currency value.'), greater than zero; the channels follow the card request's
 * rule (embed-sdk/validation/channels.ts): with Text Message on the mobile is required and must be
 * a phone number, with Email on the e-mail is required and valid, and at least one channel is on.
 * The message is optional. Channels start filled from the patient (widgets/ui/channels.ts).
 */
import { z } from 'zod/mini';
import { channelProblems } from '../../embed-sdk/validation/channels.js';
import { validationMessages } from '../../embed-sdk/validation/messages.js';
import { isMoney, parseMoneyToCents } from '../../embed-sdk/validation/money.js';
import { channelPrefill } from '../ui/channels.js';

const AMOUNT = 'Amount';

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
  problems.push(...channelProblems(values));
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
