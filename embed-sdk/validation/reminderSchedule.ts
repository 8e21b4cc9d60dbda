/**
 * What a practice's automatic reminders may be (Settings › Automatic reminders): the days after a
 * payment request's link was sent — whole days, ascending, once each, at most REMINDER_STEPS_MAX,
 * each from REMINDER_DAY_MIN to REMINDER_DAY_MAX — and a quiet-hours window of two different times
 * of day. The contract's schema (contract/reminders.ts) and the portal's form both ask these rules,
 * so a person reads the same words whichever side refuses.
 */
import { LINK_DAYS_MAX } from '../contract/patientLinks.js';

/** How many reminders one request may get on its own: enough for a month's schedule, not a nag. */
export const REMINDER_STEPS_MAX = 5;
export const REMINDER_DAY_MIN = 1;
/**
 * The latest day a step may fall on: the longest a payment link works. A step after the practice's
 * own link days never goes (the link has expired by then: Send New Link starts the schedule again).
 */
export const REMINDER_DAY_MAX = LINK_DAYS_MAX;

/** A time of day on a 24-hour clock, as `<input type="time">` gives it. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_OF_DAY_MESSAGE = 'Give a time as HH:MM, from 00:00 to 23:59.';

export interface DaysProblem {
  /** The day at fault, by its position; undefined for the list as a whole. */
  index?: number;
  message: string;
}

/** The first thing wrong with the schedule's days; null when they are fine. */
export function reminderDaysProblem(days: readonly number[]): DaysProblem | null {
  if (days.length > REMINDER_STEPS_MAX) return { message: `At most ${REMINDER_STEPS_MAX} reminders.` };
  for (const [index, day] of days.entries()) {
    if (!Number.isInteger(day)) return { index, message: 'Each day must be a whole number of days.' };
    if (day < REMINDER_DAY_MIN) return { index, message: `Each day must be at least ${REMINDER_DAY_MIN}.` };
    if (day > REMINDER_DAY_MAX) return { index, message: `Each day must be at most ${REMINDER_DAY_MAX}.` };
  }
  for (let i = 1; i < days.length; i += 1) {
    if (days[i] === days[i - 1]) return { message: `Day ${days[i]} is listed twice.` };
    if (days[i]! < days[i - 1]!) return { message: 'List the days in ascending order.' };
  }
  return null;
}

/** The first thing wrong with a quiet-hours window; null when it is fine. */
export function quietHoursProblem(window: {
  start: string;
  end: string;
}): { field: 'start' | 'end'; message: string } | null {
  if (!TIME_OF_DAY.test(window.start)) return { field: 'start', message: TIME_OF_DAY_MESSAGE };
  if (!TIME_OF_DAY.test(window.end)) return { field: 'end', message: TIME_OF_DAY_MESSAGE };
  if (window.start === window.end) {
    return { field: 'end', message: 'Quiet hours must end at another time than they start.' };
  }
  return null;
}
