/**
 * Calendar dates (YYYY-MM-DD): a day in the practice's calendar, with no time zone. The arithmetic
 * runs on UTC dates, where no daylight-saving change can shift a day. Pure: no clock.
 */

/** The calendar date of an instant in the server's time zone. */
export function localDate(d: Date): string {
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/** Calendar-date arithmetic on YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parseCalendarDate(date, 'date');
  return formatUtc(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Adds calendar months, clamping to the last day of a shorter month. */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parseCalendarDate(date, 'date');
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatUtc(new Date(Date.UTC(year, month, Math.min(d, lastDay))));
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
