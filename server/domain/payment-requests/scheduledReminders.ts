/**
 * When an unpaid payment request is reminded on its own (Settings › Automatic reminders,
 * contract/reminders.ts): the practice's days count from when the request's current link was sent,
 * in whole days of 24 hours, as the link's own days do (outbox/linkExpiry.ts). Nothing goes during
 * the practice's quiet hours, read on its own clock (its IANA time zone, summer time included).
 *
 * When the clock passes several steps at once (the server was stopped, the sandbox clock moved a
 * week, quiet hours held a step until another fell due), only the latest step due is sent, once: a
 * patient never gets a burst of reminders, and the steps it passed over are not sent later. A step
 * is sent only when no step at or after it has been sent for the link, so a schedule changed to
 * earlier days sends nothing again.
 */
import type { QuietHours } from '../../../embed-sdk/contract/reminders.js';

const DAY_MS = 24 * 60 * 60_000;
const MINUTES_A_DAY = 24 * 60;

/** The moment a step of the schedule falls due. */
export function stepDueAt(sent: Date, day: number): Date {
  return new Date(sent.getTime() + day * DAY_MS);
}

/** The latest of the schedule's days that has come by `now` for a link sent at `sent`; null for none yet. */
export function latestStepDue(days: readonly number[], sent: Date, now: Date): number | null {
  let latest: number | null = null;
  for (const day of days) {
    if (stepDueAt(sent, day).getTime() <= now.getTime() && (latest === null || day > latest)) latest = day;
  }
  return latest;
}

/**
 * The step to send now, or null: the latest due, unless a step at or after it was already sent for
 * this link (`lastStepSent`) or the link has expired (a reminder would carry a dead link).
 */
export function stepToSend(r: {
  days: readonly number[];
  sent: Date;
  now: Date;
  linkExpired: boolean;
  lastStepSent: number | null;
}): number | null {
  if (r.linkExpired) return null;
  const step = latestStepDue(r.days, r.sent, r.now);
  if (step === null) return null;
  if (r.lastStepSent !== null && r.lastStepSent >= step) return null;
  return step;
}

/** "21:30" → 1290: minutes after midnight. */
export function minuteOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** 1290 → "21:30". */
export function timeOfMinute(minute: number): string {
  const hours = Math.floor(minute / 60);
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * The minutes after midnight on the wall clock of `timeZone` at `at`. Intl has the IANA database the
 * runtime ships (summer time included), so no time-zone library is needed. Throws a RangeError for
 * a zone it does not know.
 */
export function minuteOfDayIn(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  const minute = Number(parts.find((p) => p.type === 'minute')!.value);
  return (hour * 60 + minute) % MINUTES_A_DAY;
}

/**
 * Whether `at` falls in the quiet hours, on the practice's clock: from the start (included) up to
 * the end (excluded), over midnight when the end is earlier than the start. No window: never quiet.
 */
export function isQuietTime(window: QuietHours | null, timeZone: string, at: Date): boolean {
  if (!window) return false;
  const start = minuteOfTime(window.start);
  const end = minuteOfTime(window.end);
  const minute = minuteOfDayIn(timeZone, at);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
