/**
 * The spec's date and time formats: MM/DD/YYYY and hh:mm:ss A. A calendar date ('2024-03-05') is
 * that day wherever the reader is; an instant with an offset shows in the reader's time zone.
 *
 * Hand-written on the Date getters rather than through dayjs: these are four fixed patterns, and
 * dayjs (3.4 kB gzip) would otherwise be on the first screen of every list widget that shows a
 * date. Date arithmetic (plan schedules, relative times) still uses dayjs, which loads with it.
 */

export const DATE_FORMAT = 'MM/DD/YYYY';
export const TIME_FORMAT = 'hh:mm:ss A';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;
/** A calendar day as the API sends and takes it. */
export const ISO_DAY_FORMAT = 'YYYY-MM-DD';

/** A date: an ISO 8601 text, epoch milliseconds, a Date, or anything with toDate() (a dayjs). */
export type DateInput = string | number | Date | { toDate(): Date } | null | undefined;

// A day, or a day and time, without an offset: the reader's local time (as dayjs reads it).
const LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** The instant a value stands for, or null when it is not a date. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') {
    const local = LOCAL.exec(value);
    if (local) {
      const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = local.slice(1, 7).map((part) => Number(part ?? 0));
      const ms = Number((local[7] ?? '').padEnd(3, '0'));
      date = new Date(2000, mo - 1, d, h, mi, s, ms);
      date.setFullYear(y); // years before 100 are not 19xx
    } else date = new Date(value);
  } else date = value.toDate();
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The fields a format writes, read in one time zone. */
interface Fields {
  year: number;
  month: number;
  date: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** 'local': the reader's time zone. 'UTC': before that zone is known (a server's first view). */
export type Zone = 'local' | 'UTC';

const fieldsOf = (d: Date, zone: Zone): Fields =>
  zone === 'UTC'
    ? {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        date: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
        seconds: d.getUTCSeconds(),
      }
    : {
        year: d.getFullYear(),
        month: d.getMonth() + 1,
        date: d.getDate(),
        hours: d.getHours(),
        minutes: d.getMinutes(),
        seconds: d.getSeconds(),
      };

function format(value: DateInput, parts: (f: Fields) => string, zone: Zone = 'local'): string {
  const date = toDate(value);
  // Something that is not a date is shown as given rather than as "Invalid Date".
  if (!date) return typeof value === 'string' ? value : '';
  // A calendar date or a time without an offset is the same wherever it is read.
  const floating = typeof value === 'string' && LOCAL.test(value);
  return parts(fieldsOf(date, floating ? 'local' : zone));
}

const day = (f: Fields) => `${two(f.month)}/${two(f.date)}/${String(f.year).padStart(4, '0')}`;
const time = (f: Fields) =>
  `${two(f.hours % 12 || 12)}:${two(f.minutes)}:${two(f.seconds)} ${f.hours < 12 ? 'AM' : 'PM'}`;

export function formatDate(value: DateInput, zone?: Zone): string {
  return format(value, day, zone);
}

export function formatTime(value: DateInput, zone?: Zone): string {
  return format(value, time, zone);
}

export function formatDateTime(value: DateInput, zone?: Zone): string {
  return format(value, (f) => `${day(f)} ${time(f)}`, zone);
}

/** The calendar day (YYYY-MM-DD) of an instant, in the reader's time zone: "today" of Sdk.now(). */
export function formatIsoDay(value: DateInput): string {
  return format(value, (f) => `${String(f.year).padStart(4, '0')}-${two(f.month)}-${two(f.date)}`);
}
