import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionPeriods, earliestStart } from './periods.js';

// A zone with daylight saving, so the table also covers weeks and months that cross a change.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Chicago';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** A local moment: 'YYYY-MM-DD hh:mm'. */
function local(text: string): Date {
  const [date, time = '00:00'] = text.split(' ');
  const [y, m, d] = date!.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(y!, m! - 1, d!, h, min);
}

describe('collectionPeriods', () => {
  it.each([
    ['a Wednesday afternoon', '2025-03-12 15:00', '2025-03-12', '2025-03-10', '2025-03-01'],
    ['Monday at midnight: the week starts now', '2025-03-10 00:00', '2025-03-10', '2025-03-10', '2025-03-01'],
    [
      'Sunday night still belongs to the week that began on Monday',
      '2025-03-16 23:59',
      '2025-03-16',
      '2025-03-10',
      '2025-03-01',
    ],
    [
      'the 1st, a Saturday: the week began last month',
      '2025-03-01 09:00',
      '2025-03-01',
      '2025-02-24',
      '2025-03-01',
    ],
    [
      'New Year’s Day: the week began last year',
      '2026-01-01 12:00',
      '2026-01-01',
      '2025-12-29',
      '2026-01-01',
    ],
    ['a leap day', '2024-02-29 08:00', '2024-02-29', '2024-02-26', '2024-02-01'],
    [
      'the Sunday clocks went forward (9 March 2025) closes the week begun on the 3rd',
      '2025-03-09 12:00',
      '2025-03-09',
      '2025-03-03',
      '2025-03-01',
    ],
    [
      'the week clocks went back (Sunday 2 November 2025)',
      '2025-11-05 18:30',
      '2025-11-05',
      '2025-11-03',
      '2025-11-01',
    ],
  ])('%s', (_what, now, today, week, month) => {
    const periods = collectionPeriods(local(now));
    expect(periods.today.startDate).toBe(today);
    expect(periods.week.startDate).toBe(week);
    expect(periods.month.startDate).toBe(month);
    for (const p of Object.values(periods)) {
      // Local midnight, whatever the offset that day.
      expect([p.start.getHours(), p.start.getMinutes(), p.start.getSeconds()]).toEqual([0, 0, 0]);
      expect(p.start.getTime()).toBeLessThanOrEqual(local(now).getTime());
    }
  });

  it('starts the month in standard time when the day is in daylight time', () => {
    const { month, today } = collectionPeriods(local('2025-03-20 10:00'));
    expect(month.start.getTimezoneOffset()).toBe(360);
    expect(today.start.getTimezoneOffset()).toBe(300);
    expect(today.start.toISOString()).toBe('2025-03-20T05:00:00.000Z');
    expect(month.start.toISOString()).toBe('2025-03-01T06:00:00.000Z');
  });
});

describe('earliestStart', () => {
  it('is the week when it began last month, else the month', () => {
    expect(earliestStart(collectionPeriods(local('2025-03-01 09:00')))).toEqual(local('2025-02-24'));
    expect(earliestStart(collectionPeriods(local('2025-03-12 15:00')))).toEqual(local('2025-03-01'));
  });
});
