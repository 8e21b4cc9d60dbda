import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDay, formatTime } from './date.js';

describe('formatDate (MM/DD/YYYY)', () => {
  it.each([
    ['2024-03-05', '03/05/2024'],
    ['2024-12-31', '12/31/2024'],
    // A calendar date stays that day in every time zone.
    ['2024-01-01', '01/01/2024'],
    ['2024-03-05T23:59:59', '03/05/2024'],
    [new Date(2024, 6, 4, 12), '07/04/2024'],
    [dayjs('2025-02-28'), '02/28/2025'],
  ])('%s → %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it('shows an instant with an offset in local time', () => {
    const instant = '2024-03-05T12:00:00Z';
    expect(formatDate(instant)).toBe(dayjs(new Date(instant)).format('MM/DD/YYYY'));
  });

  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not a date', 'not a date'],
  ])('%s → %j', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('formatTime (hh:mm:ss A)', () => {
  it.each([
    ['2024-03-05T00:00:00', '12:00:00 AM'],
    ['2024-03-05T09:05:07', '09:05:07 AM'],
    ['2024-03-05T12:00:00', '12:00:00 PM'],
    ['2024-03-05T13:30:59', '01:30:59 PM'],
    ['2024-03-05T23:59:59', '11:59:59 PM'],
  ])('%s → %s', (value, expected) => {
    expect(formatTime(value)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2024-03-05T13:30:59', '03/05/2024 01:30:59 PM'],
    ['2024-11-30T00:00:01', '11/30/2024 12:00:01 AM'],
  ])('%s → %s', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });
});

describe('formatIsoDay (YYYY-MM-DD)', () => {
  it("gives an instant's calendar day in the reader's time zone", () => {
    expect(formatIsoDay(new Date(2026, 2, 10, 23, 59))).toBe('2026-03-10');
    expect(formatIsoDay(new Date(2026, 2, 11, 0, 0))).toBe('2026-03-11');
  });
});

describe('reading dates as dayjs reads them', () => {
  it.each([
    '2024-03-05',
    '2024-03-05T08:07:06',
    '2024-03-05 08:07:06',
    '2024-03-05T08:07:06.5',
    '2024-03-05T08:07',
    '2024-03-05T12:00:00Z',
    '2024-03-05T12:00:00.123-05:00',
  ])('%s', (value) => {
    expect(formatDateTime(value)).toBe(dayjs(value).format('MM/DD/YYYY hh:mm:ss A'));
    expect(formatIsoDay(value)).toBe(dayjs(value).format('YYYY-MM-DD'));
  });

  it('takes epoch milliseconds and leaves the Date it is given alone', () => {
    const date = new Date(2026, 10, 27, 6, 5, 4);
    expect(formatDateTime(date.getTime())).toBe('11/27/2026 06:05:04 AM');
    expect(formatDateTime(date)).toBe('11/27/2026 06:05:04 AM');
    expect(date.getFullYear()).toBe(2026);
  });

  it('keeps a year before 100 (where dayjs would read 1999)', () => {
    expect(formatDate('0099-06-01')).toBe('06/01/0099');
  });

  it('shows an impossible Date as nothing', () => {
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('in UTC, before the reader’s zone is known (a server-rendered first view)', () => {
  it('writes an instant’s UTC day and time, and a calendar date as it is', () => {
    expect(formatDateTime('2026-12-04T23:30:05Z', 'UTC')).toBe('12/04/2026 11:30:05 PM');
    expect(formatDate('2026-12-05T01:00:00+05:00', 'UTC')).toBe('12/04/2026');
    // A calendar day is that day wherever it is read (not the UTC day of local midnight).
    expect(formatDate('2026-12-05', 'UTC')).toBe('12/05/2026');
    expect(formatDateTime('2026-12-05T08:07:06', 'UTC')).toBe('12/05/2026 08:07:06 AM');
    expect(formatDate('not a date', 'UTC')).toBe('not a date');
  });
});
