/**
 * Calendar dates (YYYY-MM-DD): a day in the practice's calendar. The arithmetic is the SDK's
 * (embed-sdk/rules/calendarDates.ts), which the widgets use too; what is the server's own is which day
 * an instant falls on here.
 */
export { addDays, addMonths, daysBetween, parseCalendarDate } from '../../embed-sdk/rules/calendarDates.js';

/** The calendar date of an instant in the server's time zone. */
export function localDate(d: Date): string {
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}
