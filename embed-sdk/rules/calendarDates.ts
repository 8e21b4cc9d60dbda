/**
 * Calendar dates (YYYY-MM-DD): a day in the practice's calendar, with no time zone. The arithmetic
 * runs on UTC dates, where no daylight-saving change can shift a day. Pure: no clock.
 *
 * Here rather than in the server's domain because the widgets count the same days (a membership's
 * renewal date, its days until expiry, its 120 monthly date choices) and must agree with the server.
 * Hand-written: dayjs would do the arithmetic, but it reads a YYYY-MM-DD text in the reader's time
 * zone, where a daylight-saving change shortens or lengthens a day.
 */

/** Calendar-date arithmetic on YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parseCalendarDate(date, 'date');
  return formatUtc(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Adds calendar months, clamping to the last day of a shorter month. */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parseCalendarDate(date, 'date');
  return monthDay(y * 12 + (m - 1) + months, d);
}

/**
 * The day `day` of a month counted from year 0 (`year * 12 + monthIndex`), or the month's last day
 * when it is shorter: day 31 of a 30-day month is its 30th, day 29, 30 or 31 of February its 28th (29th
 * in a leap year).
 */
export function monthDay(monthCount: number, day: number): string {
  const year = Math.floor(monthCount / 12);
  const month = monthCount - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatUtc(new Date(Date.UTC(year, month, Math.min(day, lastDay))));
}

/** Whole calendar days from `from` to `to`: 1 from a day to the next, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseCalendarDate(from, 'from');
  const b = parseCalendarDate(to, 'to');
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** The parts of a real calendar date; a RangeError naming `field` otherwise. */
export function parseCalendarDate(value: string, field: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const probe = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls Feb 30 over into March; a real date survives the round trip.
  if (!match || probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    throw new RangeError(`${field} must be a calendar date as YYYY-MM-DD, got "${value}".`);
  }
  return { y, m, d };
}

function formatUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}
