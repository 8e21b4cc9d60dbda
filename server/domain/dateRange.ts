/**
 * A filter's date range: calendar days (YYYY-MM-DD) in the server's calendar, the one the sandbox
 * clock's `today()` uses, turned into the instants a timestamp column is compared with. Both days are
 * included: the range runs from the start day's midnight to the midnight after the end day.
 */

/** Local midnight at the start of a calendar day. */
export function startOfCalendarDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export function dayRange(startDate?: string, endDate?: string): { from: Date | null; before: Date | null } {
  let before: Date | null = null;
  if (endDate) {
    const end = startOfCalendarDay(endDate);
    before = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
  }
  return { from: startDate ? startOfCalendarDay(startDate) : null, before };
}
