/**
 * The admin layout's festive light string shows "within 31 days before 25 December" (spec part 1,
 * sections 2 and 9): from 24 November (25 December less 31 days) to 25 December itself, by the
 * local calendar date.
 */
export const FESTIVE_WINDOW_DAYS = 31;

const DAY_MS = 24 * 60 * 60 * 1000;

export function isFestiveSeason(date: Date): boolean {
  // Calendar days in UTC arithmetic, so a daylight-saving change never shifts the count.
  const today = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  const christmas = Date.UTC(date.getFullYear(), 11, 25);
  const daysBefore = Math.round((christmas - today) / DAY_MS);
  return daysBefore >= 0 && daysBefore <= FESTIVE_WINDOW_DAYS;
}
