/**
 * Controls of the sandbox itself (not part of a real deployment): its clock, its outbox, and the
 * practice system's connectors told to fail or go silent.
 */
import { z } from 'zod';
import { Id, wholeNumber } from './common.js';
import { ConnectorMode } from './connectors.js';
import { get, post } from './endpoint.js';

export const ClockValue = z.object({ now: z.string(), today: z.string(), offsetMs: z.number() });

export const clock = get('/sandbox/clock', {
  summary: "The sandbox's current time.",
  value: ClockValue,
});

export const advanceClock = post('/sandbox/clock/advance', {
  summary: 'Moves the sandbox clock forward (administrators only) and runs what became due.',
  body: z
    .object({
      days: z.number().int().min(0).max(3660).default(0),
      hours: z
        .number()
        .int()
        .min(0)
        .max(24 * 366)
        .default(0),
      minutes: z
        .number()
        .int()
        .min(0)
        .max(60 * 24 * 366)
        .default(0),
    })
    .refine((b) => b.days + b.hours + b.minutes > 0, { message: 'Advance by at least one minute.' }),
  value: ClockValue,
});

/** A text or e-mail the sandbox "sent" to a patient (nothing leaves the machine). */
export const OutboxMessage = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  practiceName: z.string().nullable(),
  channel: z.enum(['SMS', 'EMAIL']),
  recipient: z.string(),
  /** E-mails only; '' for a text. */
  subject: z.string(),
  body: z.string(),
  /** The link the message carries. */
  link: z.string().nullable(),
  /** An e-mail's blind copy (the practice's BCC address); null for none. */
  bcc: z.string().nullable(),
  created: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const outbox = get('/sandbox/outbox.json', {
  summary:
    "The outbox: the texts and e-mails sent for the caller's current practice (every practice's for an administrator), newest first.",
  query: z.object({ limit: wholeNumber(1, 1000).default(200) }),
  value: z.object({ messages: z.array(OutboxMessage) }),
});

export const failNextPosting = post('/sandbox/practiceSystem/failNextPosting', {
  summary:
    "The practice system's connector fails its next posting for the caller's practice (so that a person and a test can see a failed sync and Retry).",
  value: z.object({ armed: z.literal(true) }),
});

export const setConnectorMode = post('/sandbox/practiceSystem/connector', {
  summary:
    "Makes a practice's connector go silent (no heartbeat, no posting), fail every posting, or run again (administrators only), so that the admin area's screens have something to show.",
  body: z.object({ companyId: Id, mode: ConnectorMode }).strict(),
  value: z.object({ companyId: z.number().int(), mode: ConnectorMode }),
});

export const connectorHeartbeat = post('/sandbox/practiceSystem/heartbeat', {
  summary:
    "A practice-system connector's heartbeat, as a connector outside the sandbox sends it: its tunnel key (the current one, or a rotated one, which this makes current) and its version. A key that is not the practice's is refused with 401.",
  body: z
    .object({
      companyId: Id,
      key: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
      version: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters').optional(),
    })
    .strict(),
  value: z.object({
    at: z.string(),
    /** This heartbeat made a rotated key the current one. */
    keyTookEffect: z.boolean(),
  }),
});
