import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../calendarDates.js';
import { addPeriods, generateSchedule, type Frequency } from './generateSchedule.js';

describe('generateSchedule', () => {
  it.each([
    {
      name: 'an even split with no down payment',
      input: {
        total: 60000,
        downPayment: 0,
        cycles: 3,
        firstBillingDate: '2025-03-10',
        frequency: 'MONTHLY',
      },
      rows: [
        [1, false, '2025-03-10', 20000],
        [2, false, '2025-04-10', 20000],
        [3, false, '2025-05-10', 20000],
      ],
    },
    {
      name: 'the rounding remainder on the last cycle',
      input: {
        total: 100000,
        downPayment: 0,
        cycles: 3,
        firstBillingDate: '2025-01-15',
        frequency: 'MONTHLY',
      },
      rows: [
        [1, false, '2025-01-15', 33333],
        [2, false, '2025-02-15', 33333],
        [3, false, '2025-03-15', 33334],
      ],
    },
    {
      name: 'a down payment as cycle 0 on the creation date',
      input: {
        total: 65237,
        downPayment: 15000,
        cycles: 4,
        firstBillingDate: '2025-02-01',
        createdDate: '2025-01-03',
        frequency: 'MONTHLY',
      },
      rows: [
        [0, true, '2025-01-03', 15000],
        [1, false, '2025-02-01', 12559],
        [2, false, '2025-03-01', 12559],
        [3, false, '2025-04-01', 12559],
        [4, false, '2025-05-01', 12560],
      ],
    },
    {
      name: 'the down payment on the first billing date when no creation date is given',
      input: {
        total: 1000,
        downPayment: 400,
        cycles: 2,
        firstBillingDate: '2025-06-02',
        frequency: 'WEEKLY',
      },
      rows: [
        [0, true, '2025-06-02', 400],
        [1, false, '2025-06-02', 300],
        [2, false, '2025-06-09', 300],
      ],
    },
    {
      name: 'month ends clamp and come back (Jan 31 in a leap year)',
      input: { total: 4000, downPayment: 0, cycles: 4, firstBillingDate: '2024-01-31', frequency: 'MONTHLY' },
      rows: [
        [1, false, '2024-01-31', 1000],
        [2, false, '2024-02-29', 1000],
        [3, false, '2024-03-31', 1000],
        [4, false, '2024-04-30', 1000],
      ],
    },
    {
      name: 'Jan 31 in a common year bills on Feb 28',
      input: { total: 200, downPayment: 0, cycles: 2, firstBillingDate: '2025-01-31', frequency: 'MONTHLY' },
      rows: [
        [1, false, '2025-01-31', 100],
        [2, false, '2025-02-28', 100],
      ],
    },
    {
      name: 'monthly across the new year',
      input: { total: 301, downPayment: 0, cycles: 3, firstBillingDate: '2024-11-30', frequency: 'MONTHLY' },
      rows: [
        [1, false, '2024-11-30', 100],
        [2, false, '2024-12-30', 100],
        [3, false, '2025-01-30', 101],
      ],
    },
    {
      name: 'biweekly across a month end and a daylight-saving change',
      input: {
        total: 10000,
        downPayment: 2500,
        cycles: 3,
        firstBillingDate: '2025-02-27',
        createdDate: '2025-02-20',
        frequency: 'BIWEEKLY',
      },
      rows: [
        [0, true, '2025-02-20', 2500],
        [1, false, '2025-02-27', 2500],
        [2, false, '2025-03-13', 2500],
        [3, false, '2025-03-27', 2500],
      ],
    },
    {
      name: 'weekly across the end of a leap February',
      input: { total: 700, downPayment: 0, cycles: 3, firstBillingDate: '2024-02-22', frequency: 'WEEKLY' },
      rows: [
        [1, false, '2024-02-22', 233],
        [2, false, '2024-02-29', 233],
        [3, false, '2024-03-07', 234],
      ],
    },
    {
      name: 'one cycle takes everything after the down payment',
      input: {
        total: 12345,
        downPayment: 45,
        cycles: 1,
        firstBillingDate: '2025-07-01',
        createdDate: '2025-06-30',
        frequency: 'MONTHLY',
      },
      rows: [
        [0, true, '2025-06-30', 45],
        [1, false, '2025-07-01', 12300],
      ],
    },
  ] as const)('$name', ({ input, rows }) => {
    const schedule = generateSchedule({ ...input, frequency: input.frequency as Frequency });
    expect(schedule.map((r) => [r.cycle, r.isDownPayment, r.billingDate, r.amountDue])).toEqual(rows);
  });

  it.each([
    [{ total: 0 }, 'total must be above 0 cents'],
    [{ total: 100.5 }, 'total must be a whole, non-negative number of cents'],
    [{ downPayment: -1 }, 'downPayment must be a whole, non-negative number of cents'],
    [{ downPayment: 10000 }, 'downPayment (10000) must be less than the total (10000)'],
    [{ cycles: 0 }, 'cycles must be a whole number from 1 to 520'],
    [{ cycles: 2.5 }, 'cycles must be a whole number from 1 to 520'],
    [{ total: 5, cycles: 6 }, '5 cents cannot be split into 6 cycles'],
    [
      { firstBillingDate: '2025-02-30' },
      'firstBillingDate must be a calendar date as YYYY-MM-DD, got "2025-02-30"',
    ],
    [{ firstBillingDate: '3/1/2025' }, 'firstBillingDate must be a calendar date'],
    [{ createdDate: '2025-03-02' }, 'createdDate (2025-03-02) is after firstBillingDate (2025-03-01)'],
  ])('refuses %o', (override, message) => {
    const base = {
      total: 10000,
      downPayment: 0,
      cycles: 4,
      firstBillingDate: '2025-03-01',
      frequency: 'MONTHLY' as const,
    };
    expect(() => generateSchedule({ ...base, ...override })).toThrow(message);
  });

  it('always sums to the total, in whole cents, with the remainder on the last cycle only', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom<Frequency>('MONTHLY', 'BIWEEKLY', 'WEEKLY'),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (total, downPercent, cycles, frequency, first) => {
          const downPayment = Math.floor((total * downPercent) / 100);
          fc.pre(downPayment < total && total - downPayment >= cycles);
          const rows = generateSchedule({
            total,
            downPayment,
            cycles,
            frequency,
            firstBillingDate: first.toISOString().slice(0, 10),
          });
          const installments = rows.filter((r) => !r.isDownPayment);
          expect(rows.reduce((sum, r) => sum + r.amountDue, 0)).toBe(total);
          expect(installments).toHaveLength(cycles);
          expect(rows.every((r) => Number.isInteger(r.amountDue) && r.amountDue > 0)).toBe(true);
          const each = installments[0]!.amountDue;
          expect(installments.slice(0, -1).every((r) => r.amountDue === each)).toBe(true);
          expect(installments.at(-1)!.amountDue - each).toBeLessThan(cycles);
          // Billing dates strictly increase.
          for (let i = 1; i < installments.length; i++) {
            expect(installments[i]!.billingDate > installments[i - 1]!.billingDate).toBe(true);
          }
        },
      ),
    );
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-03-31', -1, '2025-02-28'],
    ['2025-05-31', 1, '2025-06-30'],
    ['2025-01-15', -13, '2023-12-15'],
    ['2025-12-31', 2, '2026-02-28'],
  ])('addMonths(%s, %i) is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each([
    ['2025-02-28', 1, '2025-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-09', 1, '2025-03-10'],
  ])('addDays(%s, %i) is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('steps back by whole periods', () => {
    expect(addPeriods('2025-03-14', 'WEEKLY', -2)).toBe('2025-02-28');
    expect(addPeriods('2025-03-14', 'BIWEEKLY', -1)).toBe('2025-02-28');
    expect(addPeriods('2025-03-31', 'MONTHLY', -1)).toBe('2025-02-28');
  });
});
