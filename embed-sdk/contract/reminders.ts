/**
 * Settings › Automatic reminders: the practice's schedule for reminding patients of unpaid payment
 * requests on its own — the days after the request's link was sent (2, 5 and 10: a reminder on each)
 * — and its quiet hours, in the practice's time zone, when no reminder goes (one due then goes at the
 * window's end). No days: automatic reminders are off. Each automatic reminder is the request's
 * reminder as staff send it (Send Reminder): the same messages, in the same history.
 */
import { z } from 'zod';
import { get, post } from './endpoint.js';
import { LINK_DAYS_MAX } from './patientLinks.js';

/** How many reminders one request may get on its own: enough for a month's schedule, not a nag. */
export const REMINDER_STEPS_MAX = 5;
export const REMINDER_DAY_MIN = 1;
/**
 * The latest day a step may fall on: the longest a payment link works. A step after the practice's
 * own link days never goes (the link has expired by then: Send New Link starts the schedule again).
 */
export const REMINDER_DAY_MAX = LINK_DAYS_MAX;

/** The days of the schedule, each a whole number of days after the link was sent, ascending, once each. */
export const ReminderDays = z
  .array(
    z
      .number()
      .int('Each day must be a whole number of days.')
      .min(REMINDER_DAY_MIN, `Each day must be at least ${REMINDER_DAY_MIN}.`)
      .max(REMINDER_DAY_MAX, `Each day must be at most ${REMINDER_DAY_MAX}.`),
  )
  .max(REMINDER_STEPS_MAX, `At most ${REMINDER_STEPS_MAX} reminders.`)
  .superRefine((days, ctx) => {
    for (let i = 1; i < days.length; i += 1) {
      if (days[i]! === days[i - 1]!) {
        ctx.addIssue({ code: 'custom', message: `Day ${days[i]} is listed twice.` });
        return;
      }
      if (days[i]! < days[i - 1]!) {
        ctx.addIssue({ code: 'custom', message: 'List the days in ascending order.' });
        return;
      }
    }
  });

/** A time of day on a 24-hour clock, as `<input type="time">` gives it. */
export const TimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give a time as HH:MM, from 00:00 to 23:59.');

/**
 * When nothing is sent, in the practice's time zone: from `start` up to `end`. A window whose end is
 * earlier than its start runs over midnight (21:00 to 08:00).
 */
export const QuietHours = z
  .object({ start: TimeOfDay, end: TimeOfDay })
  .strict()
  .refine((q) => q.start !== q.end, {
    message: 'Quiet hours must end at another time than they start.',
    path: ['end'],
  });
export type QuietHours = z.infer<typeof QuietHours>;

export const ReminderScheduleInput = z
  .object({
    days: ReminderDays,
    /** null: reminders may go at any hour. */
    quietHours: QuietHours.nullable(),
  })
  .strict();
export type ReminderScheduleInput = z.infer<typeof ReminderScheduleInput>;

export const ReminderSchedule = z.object({
  days: z.array(z.number().int()),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The practice's IANA time zone, which the quiet hours are in (companies.time_zone). */
  timeZone: z.string(),
});
export type ReminderSchedule = z.infer<typeof ReminderSchedule>;

export const reminderSchedule = get('/api/settings/reminders', {
  summary: "The current practice's automatic reminders of unpaid payment requests: the days and quiet hours.",
  value: ReminderSchedule,
});

export const saveReminderSchedule = post('/api/settings/reminders', {
  summary:
    'Sets the days after a payment request was sent on which its patient is reminded, and the quiet hours; no days turns automatic reminders off.',
  body: ReminderScheduleInput,
  value: ReminderSchedule,
});
