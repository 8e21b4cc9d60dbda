/**
 * How a message reaches a patient: by text message, by e-mail, or both. The card request and the
 * payment request share the spec's rule (part 1, section 5): with Text Message on, the mobile is
 * required and must be a phone number; with Email on, the e-mail is required and must be valid; at
 * least one channel is on (the rule itself is validation/channels.ts, which the widgets' forms ask
 * too). A channel that is off is ignored, whatever its field holds.
 */
import { z } from 'zod';
import { channelProblems } from '../validation/channels.js';

export { NO_CHANNEL_MESSAGE } from '../validation/channels.js';

export const NotifyFields = z.object({
  /** Send a text message to `cell`. */
  notifyText: z.boolean(),
  cell: z.string().trim().max(40).default(''),
  /** Send an e-mail to `email` (one or more addresses separated by commas). */
  notifyEmail: z.boolean(),
  email: z.string().trim().max(254).default(''),
});

export type NotifyInput = z.output<typeof NotifyFields>;

/** Adds the spec's channel rules (validation/channels.ts) to an object schema that has the notify fields. */
export function checkChannels(value: NotifyInput, ctx: z.RefinementCtx) {
  for (const problem of channelProblems(value)) {
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }
}
