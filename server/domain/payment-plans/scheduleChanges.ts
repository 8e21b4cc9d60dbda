/**
 * A payment plan's schedule after it is made: its rows (the spec's payment plan details) and every
 * change staff or money make to them. Pure: rows in, rows out; no clock (today is passed in), no
 * database.
 *
 * The rule every function keeps: the rows' amounts plus the plan's adjustments (a CREDIT counts
 * positive, a DEBIT negative) add up to the plan total, exactly, and no amount is negative. Money
 * moves between rows (edits, skips, a declined amount moved to the end) or between rows and
 * adjustments (credits, debits, a declined amount removed as a credit); it is never created or lost.
 *
 * A row is owed while it is not processed, or processed and DECLINED (the plan's past due). It is
 * paid when APPROVED; SKIPPED rows carry nothing (a skipped cycle, or a declined amount that was
 * moved or removed). A payment pays the owed rows in date order, past due first; a payment that
 * covers part of a row splits it into a paid row and an owed row of the same cycle and date.
 */
import { formatCurrency, formatDate } from '../../../embed-sdk/format/index.js';
import { splitEvenly } from '../../../embed-sdk/rules/proration.js';
import { addDays } from '../calendarDates.js';
import { addPeriods, type Frequency } from './generateSchedule.js';

export type Disposition = 'APPROVED' | 'DECLINED' | 'SKIPPED';

export interface ScheduleRow {
  /** Null for a row made by these rules and not saved yet. */
  id: number | null;
  /** 0 for the down payment, then 1, 2, …; the parts of a split row share their cycle. */
  cycle: number;
  isDownPayment: boolean;
  /** YYYY-MM-DD, a day of the practice's calendar. */
  billingDate: string;
  /** Cents, never negative. */
  amountDue: number;
  processedToLedger: boolean;
  disposition: Disposition | null;
  /** The payment that paid the row, or the last attempt at it. */
  referenceId: string | null;
}

export interface ScheduleTerms {
  frequency: Frequency;
  /** The practice's today (YYYY-MM-DD, from the sandbox clock). */
  today: string;
}

/**
 * A change the rules refuse, in words for the front desk. The answer depends on the plan's state
 * (today, the balance), so it is a business refusal (200, isSuccess false), not a malformed request.
 */
export class ScheduleRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleRuleError';
  }
}

export const SCHEDULE_MESSAGES = {
  notFound: 'There is no such row in this payment plan.',
  processed: 'This payment has already been processed and can no longer be changed.',
  notPastDue: 'This payment is no longer past due.',
  skipLast: 'The last cycle cannot be skipped.',
  skipNothing: 'A cycle with nothing due cannot be skipped.',
  raiseLastCycle: 'There is no later cycle to take the difference from.',
} as const;

// ── Reading a schedule ───────────────────────────────────────────────────────────────────────

/** Schedule order: by date; the down payment first on its day; by cycle; paid parts before owed ones. */
export function compareRows(a: ScheduleRow, b: ScheduleRow): number {
  if (a.billingDate !== b.billingDate) return a.billingDate < b.billingDate ? -1 : 1;
  if (a.isDownPayment !== b.isDownPayment) return a.isDownPayment ? -1 : 1;
  if (a.cycle !== b.cycle) return a.cycle - b.cycle;
  if (a.processedToLedger !== b.processedToLedger) return a.processedToLedger ? -1 : 1;
  return (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER);
}

export function sortRows(rows: readonly ScheduleRow[]): ScheduleRow[] {
  return [...rows].sort(compareRows);
}

export const isPastDue = (row: ScheduleRow) => row.processedToLedger && row.disposition === 'DECLINED';
export const isOwed = (row: ScheduleRow) => !row.processedToLedger || row.disposition === 'DECLINED';

const sum = (rows: readonly ScheduleRow[]) => rows.reduce((total, row) => total + row.amountDue, 0);

/** The spec's balancePastDue: the declined rows not made up yet. */
export function pastDueOf(rows: readonly ScheduleRow[]): number {
  return sum(rows.filter(isPastDue));
}

/** The spec's balanceDue: everything still owed, past due included. */
export function balanceDueOf(rows: readonly ScheduleRow[]): number {
  return sum(rows.filter(isOwed));
}

/** What the approved rows paid. */
export function paidRowsTotal(rows: readonly ScheduleRow[]): number {
  return sum(rows.filter((r) => r.processedToLedger && r.disposition === 'APPROVED'));
}

/** The rows' total: with the adjustments it is the plan total. */
export function scheduledTotal(rows: readonly ScheduleRow[]): number {
  return sum(rows);
}

/** The spec's next scheduled payment: the first row not processed with an amount due above 0. */
export function nextScheduledPayment(rows: readonly ScheduleRow[]): ScheduleRow | null {
  return sortRows(rows).find((r) => !r.processedToLedger && r.amountDue > 0) ?? null;
}

function cycles(rows: readonly ScheduleRow[]): Map<number, ScheduleRow[]> {
  const byCycle = new Map<number, ScheduleRow[]>();
  for (const row of rows) {
    if (row.isDownPayment) continue;
    byCycle.set(row.cycle, [...(byCycle.get(row.cycle) ?? []), row]);
  }
  return byCycle;
}

/** Y of 'Cycle X of Y': the cycles of the schedule, the down payment not counted. */
export function cycleCountOf(rows: readonly ScheduleRow[]): number {
  return cycles(rows).size;
}

/** X of 'Cycle X of Y': the cycles whose rows are all processed (paid, declined or skipped). */
export function currentCycleOf(rows: readonly ScheduleRow[]): number {
  return [...cycles(rows).values()].filter((parts) => parts.every((r) => r.processedToLedger)).length;
}

/** 'Cycle X of Y' as a percentage, kept between 0 and 100. */
export function progressPercent(currentCycle: number, cycleCount: number): number {
  if (cycleCount <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((currentCycle / cycleCount) * 100)));
}

/** Rows the billing run takes today: not processed, billed on or before today, something due. */
export function dueRows(rows: readonly ScheduleRow[], today: string): ScheduleRow[] {
  return sortRows(rows).filter((r) => !r.processedToLedger && r.amountDue > 0 && r.billingDate <= today);
}

/** The row's label in the ledger and on its transaction. */
export function rowDescription(row: Pick<ScheduleRow, 'cycle' | 'isDownPayment'>, cycleCount: number) {
  return row.isDownPayment ? 'Down Payment' : `Cycle ${row.cycle} of ${cycleCount}`;
}

// ── What staff may do with a row ──────────────────────────────────────────────────────────────

export interface RowActions {
  edit: boolean;
  /** Process Payment: the next scheduled payment of a card plan. */
  processNow: boolean;
  /** Skip and Add to Next Cycle / to Last Cycle / Create New Cycle. */
  skip: boolean;
}

/** The schedule table's action menu for a row (part 2, "Payment plan schedule table"). */
export function rowActions(rows: readonly ScheduleRow[], row: ScheduleRow, isCash: boolean): RowActions {
  if (row.processedToLedger) return { edit: false, processNow: false, skip: false };
  const sorted = sortRows(rows);
  const isLast = sorted.at(-1) === row || sameRow(sorted.at(-1)!, row);
  const next = nextScheduledPayment(rows);
  return {
    edit: true,
    processNow: !isCash && row.amountDue > 0 && next !== null && sameRow(next, row),
    skip: !isLast && row.amountDue > 0,
  };
}

function sameRow(a: ScheduleRow, b: ScheduleRow) {
  return a === b || (a.id !== null && a.id === b.id);
}

export interface DateBounds {
  /** The earliest date the row may take (YYYY-MM-DD). */
  min: string;
  /** The latest, or null when nothing follows (or the remaining cycles move along). */
  max: string | null;
}

/**
 * The date picker's bounds (part 2, section 5): the first unprocessed row from tomorrow, the others
 * from the previous line's date (never before tomorrow); up to the next line's date.
 */
export function editBounds(
  rows: readonly ScheduleRow[],
  row: ScheduleRow,
  today: string,
  opts: { updateRemaining?: boolean } = {},
): DateBounds {
  const sorted = sortRows(rows);
  const at = sorted.findIndex((r) => sameRow(r, row));
  const tomorrow = addDays(today, 1);
  const firstOpen = sorted.find((r) => !r.processedToLedger);
  const previous = at > 0 ? sorted[at - 1]! : null;
  const next = sorted[at + 1] ?? null;
  const isFirst = firstOpen !== undefined && sameRow(firstOpen, row);
  const min = isFirst || !previous ? tomorrow : maxDate(previous.billingDate, tomorrow);
  return { min, max: opts.updateRemaining || !next ? null : next.billingDate };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

// ── Changing a schedule ───────────────────────────────────────────────────────────────────────

function findRow(rows: readonly ScheduleRow[], id: number): ScheduleRow {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new ScheduleRuleError(SCHEDULE_MESSAGES.notFound);
  return row;
}

function findOpenRow(rows: readonly ScheduleRow[], id: number): ScheduleRow {
  const row = findRow(rows, id);
  if (row.processedToLedger) throw new ScheduleRuleError(SCHEDULE_MESSAGES.processed);
  return row;
}

/** Copies the rows so that a change never touches the caller's. */
const copy = (rows: readonly ScheduleRow[]) => rows.map((r) => ({ ...r }));

/** A new cycle after the schedule's last date (never before tomorrow). */
export function appendCycle(
  rows: readonly ScheduleRow[],
  amount: number,
  terms: ScheduleTerms,
): ScheduleRow[] {
  const sorted = sortRows(rows);
  const lastDate = sorted.at(-1)?.billingDate ?? terms.today;
  const cycle = Math.max(0, ...rows.map((r) => r.cycle)) + 1;
  const billingDate = maxDate(addPeriods(lastDate, terms.frequency, 1), addDays(terms.today, 1));
  return [
    ...copy(rows),
    {
      id: null,
      cycle,
      isDownPayment: false,
      billingDate,
      amountDue: amount,
      processedToLedger: false,
      disposition: null,
      referenceId: null,
    },
  ];
}

export interface DetailEdit {
  id: number;
  billingDate: string;
  amountDue: number;
  /** Move the later cycles along with the date, and share the amount's difference among them. */
  updateRemaining: boolean;
}

/**
 * Edit mode of the schedule table: a row's date and amount.
 *
 * - The date stays within `editBounds`. With "update the remaining cycles" the later unprocessed
 *   cycles follow it at the plan's frequency.
 * - The amount's difference goes to the last unprocessed cycle; with "update the remaining cycles"
 *   the later cycles share it evenly (the remainder on the last). Editing the last cycle itself: a
 *   lower amount creates a new cycle with the difference, a higher one takes it from the earlier
 *   unprocessed cycles, nearest first.
 */
export function updateDetail(
  rows: readonly ScheduleRow[],
  edit: DetailEdit,
  terms: ScheduleTerms,
): ScheduleRow[] {
  if (!Number.isSafeInteger(edit.amountDue) || edit.amountDue < 0) {
    throw new ScheduleRuleError('The amount must be whole cents, 0 or more.');
  }
  const original = findOpenRow(rows, edit.id);
  let next = copy(rows);
  const target = next.find((r) => r.id === edit.id)!;
  const later = sortRows(next).filter(
    (r) => !r.processedToLedger && r !== target && compareRows(r, original) > 0,
  );

  if (edit.billingDate !== original.billingDate) {
    const bounds = editBounds(rows, original, terms.today, { updateRemaining: edit.updateRemaining });
    if (edit.billingDate < bounds.min || (bounds.max !== null && edit.billingDate > bounds.max)) {
      const range =
        bounds.max === null
          ? `on or after ${formatDate(bounds.min)}`
          : `from ${formatDate(bounds.min)} to ${formatDate(bounds.max)}`;
      throw new ScheduleRuleError(`The date must be ${range}.`);
    }
    target.billingDate = edit.billingDate;
    if (edit.updateRemaining) {
      let step = 0;
      let cycle = target.cycle;
      for (const row of later) {
        if (row.cycle !== cycle) {
          step += 1;
          cycle = row.cycle;
        }
        row.billingDate = step === 0 ? edit.billingDate : addPeriods(edit.billingDate, terms.frequency, step);
      }
    }
  }

  const difference = original.amountDue - edit.amountDue;
  target.amountDue = edit.amountDue;
  if (difference === 0) return sortRows(next);
  if (later.length === 0) {
    if (difference > 0) return sortRows(appendCycle(next, difference, terms));
    const earlier = sortRows(next)
      .filter((r) => !r.processedToLedger && r !== target)
      .reverse();
    const available = sum(earlier);
    if (available < -difference) {
      throw new ScheduleRuleError(
        available === 0
          ? SCHEDULE_MESSAGES.raiseLastCycle
          : `The amount can be at most ${formatCurrency(original.amountDue + available)}.`,
      );
    }
    takeFrom(earlier, -difference);
    return sortRows(next);
  }
  const pool = sum(later) + difference;
  if (pool < 0) {
    throw new ScheduleRuleError(
      `The amount can be at most ${formatCurrency(original.amountDue + sum(later))}.`,
    );
  }
  if (edit.updateRemaining) {
    const amounts = splitEvenly(pool, later.length);
    later.forEach((row, i) => {
      row.amountDue = amounts[i]!;
    });
  } else {
    const last = later.at(-1)!;
    if (last.amountDue + difference < 0) {
      throw new ScheduleRuleError(
        `The amount can be at most ${formatCurrency(original.amountDue + last.amountDue)}; update the remaining cycles to spread more.`,
      );
    }
    last.amountDue += difference;
  }
  next = sortRows(next);
  return next;
}

/** Takes `amount` from the rows in the order given, each down to 0 (the caller checked there is enough). */
function takeFrom(rows: ScheduleRow[], amount: number) {
  let left = amount;
  for (const row of rows) {
    const taken = Math.min(row.amountDue, left);
    row.amountDue -= taken;
    left -= taken;
    if (left === 0) break;
  }
}

export type SkipAction = 'NEXT' | 'LAST' | 'MOVEEND';

/**
 * The skip actions (part 2, moveDetail): the row's amount goes to the next cycle (NEXT), the last
 * cycle (LAST) or a new cycle after the last (MOVEEND); the row keeps its date with nothing due.
 * Only for an unprocessed row that is not the last and has something due.
 */
export function moveDetail(
  rows: readonly ScheduleRow[],
  id: number,
  action: SkipAction,
  terms: ScheduleTerms,
): ScheduleRow[] {
  const original = findOpenRow(rows, id);
  if (original.amountDue <= 0) throw new ScheduleRuleError(SCHEDULE_MESSAGES.skipNothing);
  const sorted = sortRows(rows);
  if (sameRow(sorted.at(-1)!, original)) throw new ScheduleRuleError(SCHEDULE_MESSAGES.skipLast);
  let next = copy(rows);
  const target = next.find((r) => r.id === id)!;
  const amount = target.amountDue;
  target.amountDue = 0;
  const open = sortRows(next).filter((r) => !r.processedToLedger && r !== target);
  const after = open.filter((r) => compareRows(r, original) > 0);
  if (action === 'MOVEEND') {
    next = appendCycle(next, amount, terms);
  } else {
    const receiver = action === 'NEXT' ? after[0] : open.at(-1);
    if (!receiver) throw new ScheduleRuleError(SCHEDULE_MESSAGES.skipLast);
    receiver.amountDue += amount;
  }
  return sortRows(next);
}

function findPastDueRow(rows: readonly ScheduleRow[], id: number): ScheduleRow {
  const row = findRow(rows, id);
  if (!isPastDue(row) || row.amountDue <= 0) throw new ScheduleRuleError(SCHEDULE_MESSAGES.notPastDue);
  return row;
}

/**
 * 'Remove and Create New Cycle' on a declined ledger item: its amount leaves the past due and becomes
 * a new cycle at the end of the schedule.
 */
export function moveDeclinedToEnd(rows: readonly ScheduleRow[], id: number, terms: ScheduleTerms) {
  const declined = findPastDueRow(rows, id);
  const next = copy(rows);
  const target = next.find((r) => r.id === id)!;
  target.amountDue = 0;
  target.disposition = 'SKIPPED';
  return sortRows(appendCycle(next, declined.amountDue, terms));
}

/**
 * 'Remove Ledger Item' on a declined ledger item: its amount leaves the past due as a credit on the
 * patient's account. The caller records `credit` as a CREDIT adjustment.
 */
export function removeDeclined(
  rows: readonly ScheduleRow[],
  id: number,
): { rows: ScheduleRow[]; credit: number } {
  const declined = findPastDueRow(rows, id);
  const next = copy(rows);
  const target = next.find((r) => r.id === id)!;
  target.amountDue = 0;
  target.disposition = 'SKIPPED';
  return { rows: sortRows(next), credit: declined.amountDue };
}

/** Refuses a payment or credit that is not whole cents above 0 or is more than the balance. */
export function refuseAboveBalance(rows: readonly ScheduleRow[], amount: number, what: string) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new ScheduleRuleError(`The ${what} must be whole cents above 0.`);
  }
  const balance = balanceDueOf(rows);
  if (amount > balance) {
    throw new ScheduleRuleError(`The ${what} cannot be more than the balance of ${formatCurrency(balance)}.`);
  }
}

/**
 * A payment toward the plan (Make a Payment, cash, check or card): it pays the owed rows in date
 * order, past due first, then the coming cycles; a row it covers in part is split. The rows it paid
 * are APPROVED with the payment's reference, which is how a refund or void finds them again.
 */
export function applyPayment(
  rows: readonly ScheduleRow[],
  amount: number,
  referenceId: string,
): ScheduleRow[] {
  refuseAboveBalance(rows, amount, 'payment');
  const next = copy(rows);
  const sorted = sortRows(next);
  const order = [...sorted.filter(isPastDue), ...sorted.filter((r) => !r.processedToLedger)];
  let left = amount;
  for (const row of order) {
    if (left === 0) break;
    if (row.amountDue === 0) continue;
    const paid = { processedToLedger: true, disposition: 'APPROVED' as const, referenceId };
    if (left >= row.amountDue) {
      left -= row.amountDue;
      Object.assign(row, paid);
    } else {
      row.amountDue -= left;
      next.push({ ...row, id: null, amountDue: left, ...paid });
      left = 0;
    }
  }
  return sortRows(next);
}

/**
 * A payment given back (refunded or voided): the rows it paid are owed again. Those whose date has
 * come are past due (the spec: a void on a plan transaction causes a past-due balance); later ones
 * return to the schedule.
 */
export function revertPayment(
  rows: readonly ScheduleRow[],
  paidBy: (row: ScheduleRow) => boolean,
  today: string,
): ScheduleRow[] {
  return sortRows(
    copy(rows).map((row) => {
      if (!(row.processedToLedger && row.disposition === 'APPROVED' && paidBy(row))) return row;
      return row.billingDate <= today
        ? { ...row, disposition: 'DECLINED' as const }
        : { ...row, processedToLedger: false, disposition: null, referenceId: null };
    }),
  );
}

/**
 * A CREDIT adjustment (removing an amount from the balance): the coming cycles shrink from the last
 * one back, then the past due from the newest back. Never more than the balance.
 */
export function applyCredit(rows: readonly ScheduleRow[], amount: number): ScheduleRow[] {
  refuseAboveBalance(rows, amount, 'adjustment');
  const next = copy(rows);
  const sorted = sortRows(next);
  takeFrom(
    [...sorted.filter((r) => !r.processedToLedger).reverse(), ...sorted.filter(isPastDue).reverse()],
    amount,
  );
  for (const row of next) if (isPastDue(row) && row.amountDue === 0) row.disposition = 'SKIPPED';
  return sortRows(next);
}

/** A DEBIT adjustment (adding an amount): the last unprocessed cycle grows, or a new cycle takes it. */
export function applyDebit(
  rows: readonly ScheduleRow[],
  amount: number,
  terms: ScheduleTerms,
): ScheduleRow[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new ScheduleRuleError('The adjustment must be whole cents above 0.');
  }
  const next = copy(rows);
  const last = sortRows(next)
    .filter((r) => !r.processedToLedger)
    .at(-1);
  if (!last) return sortRows(appendCycle(next, amount, terms));
  last.amountDue += amount;
  return sortRows(next);
}

/**
 * Rows with nothing due are done once their day comes, and all of them once nothing is owed: they
 * are SKIPPED, so the schedule shows them completed and 'Cycle X of Y' counts them.
 */
export function skipEmptyRows(rows: readonly ScheduleRow[], today: string): ScheduleRow[] {
  const settled = balanceDueOf(rows) === 0;
  return copy(rows).map((row) =>
    !row.processedToLedger && row.amountDue === 0 && (settled || row.billingDate <= today)
      ? { ...row, processedToLedger: true, disposition: 'SKIPPED' as const }
      : row,
  );
}

/** Whether two schedules differ in any row (ids matched; new rows always differ). */
export function changedRows(before: readonly ScheduleRow[], after: readonly ScheduleRow[]): ScheduleRow[] {
  const byId = new Map(before.filter((r) => r.id !== null).map((r) => [r.id!, r]));
  return after.filter((row) => {
    if (row.id === null) return true;
    const was = byId.get(row.id);
    return (
      !was ||
      was.billingDate !== row.billingDate ||
      was.amountDue !== row.amountDue ||
      was.processedToLedger !== row.processedToLedger ||
      was.disposition !== row.disposition ||
      was.referenceId !== row.referenceId ||
      was.cycle !== row.cycle
    );
  });
}
