/**
 * The card request form (spec section 5): with Text Message on, the mobile is required and must be
 * a phone number; with Email on, the e-mail is required and must be valid; Send is disabled unless
 * at least one channel is on. The fields start filled from the patient, and each switch starts on
 * when its field has a value. The messages are the server's (contract/channels.ts), so a person
 * reads the same words whichever side refuses.
 */
import { z } from 'zod/mini';
import { NO_CHANNEL_MESSAGE } from '../../embed-sdk/contract/channels.js';
import type { Customer } from '../../embed-sdk/contract/patient.js';
import { formatPhone } from '../../embed-sdk/format/phone.js';
import { isEmailList } from '../../embed-sdk/validation/email.js';
import { validationMessages } from '../../embed-sdk/validation/messages.js';
import { isPhoneNumber } from '../../embed-sdk/validation/phone.js';

/** The fields' names in messages, as the server names them. */
const MOBILE = 'mobile phone';
const EMAIL = 'email';

export interface CardRequestValues {
  notifyText: boolean;
  cell: string;
  notifyEmail: boolean;
  email: string;
}

export function cardRequestPrefill(customer: Pick<Customer, 'cell' | 'email'> | null): CardRequestValues {
  const cell = formatPhone(customer?.cell ?? '');
  const email = customer?.email ?? '';
  return { notifyText: cell.trim() !== '', cell, notifyEmail: email.trim() !== '', email };
}

/** Send is possible only with a channel on. */
export function canSend(values: Pick<CardRequestValues, 'notifyText' | 'notifyEmail'>): boolean {
  return values.notifyText || values.notifyEmail;
}

export interface ChannelProblem {
  field: keyof CardRequestValues;
  message: string;
}

/** What keeps the request from going out; a channel that is off is not checked. */
export function channelProblems(values: CardRequestValues): ChannelProblem[] {
  const problems: ChannelProblem[] = [];
  if (!canSend(values)) problems.push({ field: 'notifyText', message: NO_CHANNEL_MESSAGE });
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
  return problems;
}

export const cardRequestSchema = z
  .object({ notifyText: z.boolean(), cell: z.string(), notifyEmail: z.boolean(), email: z.string() })
  .check(
    z.superRefine((values, ctx) => {
      for (const problem of channelProblems(values)) {
        ctx.issues.push({ code: 'custom', path: [problem.field], message: problem.message, input: values });
      }
    }),
  );

/** What is sent: trimmed; a channel that is off sends an empty field. */
export function cardRequestBody(customerId: number, values: CardRequestValues) {
  return {
    customerId,
    notifyText: values.notifyText,
    cell: values.notifyText ? values.cell.trim() : '',
    notifyEmail: values.notifyEmail,
    email: values.notifyEmail ? values.email.trim() : '',
  };
}
