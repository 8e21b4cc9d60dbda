/**
 * How a message reaches a patient: by text message, by e-mail, or both. The card request and the
 * payment request share the spec's rule (part 1, section 5): with Text Message on, the mobile is
 * required and must be a phone number; with Email on, the e-mail is required and must be valid; at
 * least one channel is on. A channel that is off is ignored, whatever its field holds.
 */
import { z } from 'zod';
import { isEmailList } from '../validation/email.js';
import { validationMessages } from '../validation/messages.js';
import { isPhoneNumber } from '../validation/phone.js';

/** The fields' display names, as the patient form names them. */
const MOBILE = 'mobile phone';
const EMAIL = 'email';

export const NO_CHANNEL_MESSAGE = 'Turn on Text Message or Email to reach the patient.';

export const NotifyFields = z.object({
  /** Send a text message to `cell`. */
  notifyText: z.boolean(),
  cell: z.string().trim().max(40).default(''),
  /** Send an e-mail to `email` (one or more addresses separated by commas). */
  notifyEmail: z.boolean(),
  email: z.string().trim().max(254).default(''),
});

export type NotifyInput = z.output<typeof NotifyFields>;

/** Adds the spec's channel rules to an object schema that has the notify fields. */
export function checkChannels(value: NotifyInput, ctx: z.RefinementCtx) {
  if (!value.notifyText && !value.notifyEmail) {
    ctx.addIssue({ code: 'custom', path: ['notifyText'], message: NO_CHANNEL_MESSAGE });
  }
  if (value.notifyText) {
    if (value.cell === '') {
      ctx.addIssue({ code: 'custom', path: ['cell'], message: `The ${MOBILE} is required.` });
    } else if (!isPhoneNumber(value.cell)) {
      ctx.addIssue({ code: 'custom', path: ['cell'], message: validationMessages.phoneNumber(MOBILE) });
    }
  }
  if (value.notifyEmail) {
    if (value.email === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: `The ${EMAIL} is required.` });
    } else if (!isEmailList(value.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: validationMessages.email(EMAIL) });
    }
  }
}
