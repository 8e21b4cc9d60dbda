/**
 * The card request form (spec section 5): with Text Message on, the mobile is required and must be
 * a phone number; with Email on, the e-mail is required and must be valid; Send is disabled unless
 * at least one channel is on: the rule the server's contract asks too
 * (embed-sdk/validation/channels.ts), so a person reads the same words whichever side refuses. The
 * fields start filled from the patient (widgets/ui/channels.ts).
 */
import { z } from 'zod/mini';
import { channelProblems, type ChannelValues } from '../../embed-sdk/validation/channels.js';

/** The card request is its channels and nothing else. */
export type CardRequestValues = ChannelValues;

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
