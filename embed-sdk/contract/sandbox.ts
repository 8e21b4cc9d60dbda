/** Controls of the sandbox itself (not part of a real deployment): its clock. */
import { z } from 'zod';
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
