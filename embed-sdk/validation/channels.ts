/**
 * How a message reaches a patient: by text message, by e-mail, or both. The card request and the
 * payment request share the spec's rule (part 1, section 5): with Text Message on, the mobile is
 * required and must be a phone number; with Email on, the e-mail is required and must be valid; at
 * least one channel is on. A channel that is off is not checked, whatever its field holds. The
 * contract's schemas and the widgets' forms both ask this one rule, so a person reads the same words
 * whichever side refuses.
 */
import { isEmailList } from './email.js';
import { validationMessages } from './messages.js';
import { isPhoneNumber } from './phone.js';

/** The fields' display names, as the patient form names them. */
const MOBILE = 'mobile phone';
const EMAIL = 'email';

export const NO_CHANNEL_MESSAGE = 'Turn on Text Message or Email to reach the patient.';

/** The channel switches and their fields, as the card request and the payment request hold them. */
export interface ChannelValues {
  notifyText: boolean;
  cell: string;
  notifyEmail: boolean;
  email: string;
}

export interface ChannelProblem {
  field: keyof ChannelValues;
  message: string;
}

/** Sending is possible only with a channel on. */
export function canSend(values: Pick<ChannelValues, 'notifyText' | 'notifyEmail'>): boolean {
  return values.notifyText || values.notifyEmail;
}

/** What keeps the message from going out (fields are read trimmed). */
export function channelProblems(values: ChannelValues): ChannelProblem[] {
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
