/**
 * Settings › Automatic reminders: the practice's schedule for reminding patients of unpaid payment
 * requests on its own — the days after the request's link was sent (2, 5 and 10: a reminder on each)
 * — and its quiet hours, in the practice's time zone, when no reminder goes (one due then goes at the
 * window's end). No days: automatic reminders are off. Each automatic reminder is the request's
 * reminder as staff send it (Send Reminder): the same messages, in the same history.
 */
import { z } from 'zod';
import { quietHoursProblem, reminderDaysProblem } from '../validation/reminderSchedule.js';
import { get, post } from './endpoint.js';

export { REMINDER_DAY_MAX, REMINDER_DAY_MIN, REMINDER_STEPS_MAX } from '../validation/reminderSchedule.js';

/** The days of the schedule, each a whole number of days after the link was sent, ascending, once each. */
export const ReminderDays = z.array(z.number()).superRefine((days, ctx) => {
  const problem = reminderDaysProblem(days);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.index === undefined ? [] : [problem.index],
    });
  }
});

/**
 * When nothing is sent, in the practice's time zone: from `start` up to `end`. A window whose end is
 * earlier than its start runs over midnight (21:00 to 08:00).
 */
export const QuietHours = z
  .object({ start: z.string(), end: z.string() })
  .strict()
  .superRefine((window, ctx) => {
    const problem = quietHoursProblem(window);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
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
