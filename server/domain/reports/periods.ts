/**
 * The dashboard's collection periods in the server's calendar (the time zone the sandbox clock's
 * `today()` uses): today since midnight, this week since Monday, this month since the 1st. Each runs
 * from its start to now. Pure: the caller passes the clock's now.
 *
 * Starts are built with the local-time Date constructor, so a daylight-saving change inside a week
 * or a month still puts its start at local midnight.
 */
import type { CollectionPeriod } from '../../../embed-sdk/contract/dashboard.js';
import { localDate } from '../calendarDates.js';

export interface PeriodStart {
  /** Local midnight of the period's first day. */
  start: Date;
  /** That day, YYYY-MM-DD. */
  startDate: string;
}

export function startOfDay(at: Date): Date {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate());
}

/** Monday of `at`'s week (weeks start on Monday, as ISO 8601 and US payroll weeks do). */
export function startOfWeek(at: Date): Date {
  const daysSinceMonday = (at.getDay() + 6) % 7;
  return new Date(at.getFullYear(), at.getMonth(), at.getDate() - daysSinceMonday);
}

export function startOfMonth(at: Date): Date {
  return new Date(at.getFullYear(), at.getMonth(), 1);
}

const STARTS: Record<CollectionPeriod, (at: Date) => Date> = {
  today: startOfDay,
  week: startOfWeek,
  month: startOfMonth,
};

export const COLLECTION_PERIODS = Object.keys(STARTS) as CollectionPeriod[];

/** Where each period starts, for `now`. */
export function collectionPeriods(now: Date): Record<CollectionPeriod, PeriodStart> {
  const periods = {} as Record<CollectionPeriod, PeriodStart>;
  for (const period of COLLECTION_PERIODS) {
    const start = STARTS[period](now);
    periods[period] = { start, startDate: localDate(start) };
  }
  return periods;
}

/** The earliest start: a week that began last month reaches further back than the month. */
export function earliestStart(periods: Record<CollectionPeriod, PeriodStart>): Date {
  return new Date(Math.min(...COLLECTION_PERIODS.map((p) => periods[p].start.getTime())));
}
