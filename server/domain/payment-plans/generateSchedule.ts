/**
 * A new payment plan's schedule: which amount is billed on which day, generated from the plan's terms
 * (what staff preview and then save). What happens to the rows afterwards is scheduleChanges.ts.
 * Pure: no clock, no database.
 *
 * Dates are calendar dates (YYYY-MM-DD, calendarDates.ts): a billing date is a day in the practice's
 * calendar.
 */
import { splitEvenly } from '../../../embed-sdk/rules/proration.js';
import { addDays, addMonths, parseCalendarDate } from '../calendarDates.js';

export type Frequency = 'MONTHLY' | 'BIWEEKLY' | 'WEEKLY';

export interface ScheduleInput {
  /** The plan total in cents, down payment included. */
  total: number;
  /** Cents billed on the creation date as cycle 0; 0 for none. */
  downPayment: number;
  /** How many cycles share what is left after the down payment. */
  cycles: number;
  /** The billing date of cycle 1 (YYYY-MM-DD). */
  firstBillingDate: string;
  frequency: Frequency;
  /**
   * The day the plan is created (YYYY-MM-DD): the down payment is billed that day.
   * @default firstBillingDate
   */
  createdDate?: string;
}

export interface ScheduledCycle {
  /** 0 for the down payment, then 1…cycles. */
  cycle: number;
  isDownPayment: boolean;
  billingDate: string;
  /** Cents. */
  amountDue: number;
}

/** The longest plan we accept: ten years of weekly cycles. */
export const MAX_CYCLES = 520;

/**
 * Splits `total − downPayment` into equal cycles in whole cents; the rounding remainder goes to the
 * last cycle, so the rows always add up to the total exactly.
 */
export function generateSchedule(input: ScheduleInput): ScheduledCycle[] {
  const { total, downPayment, cycles, firstBillingDate, frequency } = input;
  const createdDate = input.createdDate ?? firstBillingDate;
  assertCents('total', total);
  assertCents('downPayment', downPayment);
  if (total <= 0) throw new RangeError(`total must be above 0 cents, got ${total}.`);
  if (downPayment >= total) {
    throw new RangeError(`downPayment (${downPayment}) must be less than the total (${total}).`);
  }
  if (!Number.isInteger(cycles) || cycles < 1 || cycles > MAX_CYCLES) {
    throw new RangeError(`cycles must be a whole number from 1 to ${MAX_CYCLES}, got ${cycles}.`);
  }
  const financed = total - downPayment;
  // Below one cent per cycle some cycles would bill nothing, which is not a plan anyone signs.
  if (financed < cycles) {
    throw new RangeError(`${financed} cents cannot be split into ${cycles} cycles of at least 1 cent.`);
  }
  parseCalendarDate(firstBillingDate, 'firstBillingDate');
  parseCalendarDate(createdDate, 'createdDate');
  if (createdDate > firstBillingDate) {
    throw new RangeError(`createdDate (${createdDate}) is after firstBillingDate (${firstBillingDate}).`);
  }

  const rows: ScheduledCycle[] = [];
  if (downPayment > 0) {
    rows.push({ cycle: 0, isDownPayment: true, billingDate: createdDate, amountDue: downPayment });
  }
  const amounts = splitEvenly(financed, cycles);
  for (let cycle = 1; cycle <= cycles; cycle++) {
    rows.push({
      cycle,
      isDownPayment: false,
      billingDate: addPeriods(firstBillingDate, frequency, cycle - 1),
      amountDue: amounts[cycle - 1]!,
    });
  }
  return rows;
}

/**
 * `date` moved by `count` periods of `frequency` (negative goes back). Months are counted from the
 * given day each time, so Jan 31 + 1 month is Feb 28 (29 in a leap year) and + 2 months is Mar 31:
 * a plan billed on the 31st keeps the 31st wherever the month has one.
 */
export function addPeriods(date: string, frequency: Frequency, count: number): string {
  switch (frequency) {
    case 'MONTHLY':
      return addMonths(date, count);
    case 'BIWEEKLY':
      return addDays(date, 14 * count);
    case 'WEEKLY':
      return addDays(date, 7 * count);
  }
}

function assertCents(field: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${field} must be a whole, non-negative number of cents, got ${value}.`);
  }
}
