/**
 * The spec's date and time formats: MM/DD/YYYY and hh:mm:ss A. A calendar date ('2024-03-05') is
 * that day wherever the reader is; an instant with an offset shows in the reader's time zone.
 */
import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'MM/DD/YYYY';
export const TIME_FORMAT = 'hh:mm:ss A';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;
/** A calendar day as the API sends and takes it. */
export const ISO_DAY_FORMAT = 'YYYY-MM-DD';

export type DateInput = string | number | Date | Dayjs | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  // Something that is not a date is shown as given rather than as "Invalid Date".
  if (!parsed.isValid()) return typeof value === 'string' ? value : '';
  return parsed.format(pattern);
}

export function formatDate(value: DateInput): string {
  return format(value, DATE_FORMAT);
}

export function formatTime(value: DateInput): string {
  return format(value, TIME_FORMAT);
}

export function formatDateTime(value: DateInput): string {
  return format(value, DATE_TIME_FORMAT);
}

/** The calendar day (YYYY-MM-DD) of an instant, in the reader's time zone: "today" of Sdk.now(). */
export function formatIsoDay(value: DateInput): string {
  return format(value, ISO_DAY_FORMAT);
}
