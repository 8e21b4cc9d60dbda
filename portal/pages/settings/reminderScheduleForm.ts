/**
 * The Automatic reminders form's rules: the days as typed ("2, 5, 10") to the contract's list, the
 * problems of each field in the words of the rules the contract checks too
 * (embed-sdk/validation/reminderSchedule.ts), and the
 * sentence that says what the saved schedule does.
 */
import type {
  QuietHours,
  ReminderSchedule,
  ReminderScheduleInput,
} from '../../../embed-sdk/contract/reminders.js';
import { quietHoursProblem, reminderDaysProblem } from '../../../embed-sdk/validation/reminderSchedule.js';

export interface ReminderFormTexts {
  days: string;
  quiet: boolean;
  start: string;
  end: string;
}

export type ReminderFormProblems = Partial<Record<'days' | 'start' | 'end', string>>;

/** A night's window, offered when the practice turns quiet hours on for the first time. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

export function textsOf(schedule: ReminderSchedule): ReminderFormTexts {
  const window = schedule.quietHours ?? DEFAULT_QUIET_HOURS;
  return {
    days: schedule.days.join(', '),
    quiet: schedule.quietHours !== null,
    start: window.start,
    end: window.end,
  };
}

/** The input the texts stand for, or the problems of each field that has one. */
export function readReminderForm(
  texts: ReminderFormTexts,
): { input: ReminderScheduleInput; problems: null } | { input: null; problems: ReminderFormProblems } {
  const words = texts.days.split(/[\s,]+/).filter((w) => w !== '');
  if (words.some((w) => !/^\d+$/.test(w))) {
    return {
      input: null,
      problems: { days: 'Give whole numbers of days, separated by commas: 2, 5, 10.' },
    };
  }
  const days = words.map(Number);
  const quietHours = texts.quiet ? { start: texts.start, end: texts.end } : null;
  const problems: ReminderFormProblems = {};
  const daysProblem = reminderDaysProblem(days);
  if (daysProblem) problems.days = daysProblem.message;
  const windowProblem = quietHours ? quietHoursProblem(quietHours) : null;
  if (windowProblem) problems[windowProblem.field] = windowProblem.message;
  if (daysProblem || windowProblem) return { input: null, problems };
  return { input: { days, quietHours }, problems: null };
}

/** "2, 5 and 10" */
function listOf(days: number[]): string {
  if (days.length === 1) return String(days[0]);
  return `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
}

/** "21:30" as the time fields show it: "9:30 PM". */
export function clockTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours, minutes),
  );
}

/** What the saved schedule does, in a sentence. */
export function scheduleSummary(schedule: ReminderSchedule): string {
  if (schedule.days.length === 0) return 'Automatic reminders are off.';
  const days = `${listOf(schedule.days)} ${schedule.days.length === 1 && schedule.days[0] === 1 ? 'day' : 'days'}`;
  const quiet = schedule.quietHours
    ? `, never from ${clockTime(schedule.quietHours.start)} to ${clockTime(schedule.quietHours.end)}`
    : '';
  return `An unpaid request’s patient is reminded ${days} after its link was sent${quiet}.`;
}

/** The zone's name as people say it ("Central Time"), beside its IANA name; the IANA name alone if unknown. */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const generic = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return generic && generic !== timeZone ? `${timeZone} (${generic})` : timeZone;
  } catch {
    return timeZone;
  }
}
