/**
 * The allocation's money rules (spec part 2, sections 5 and 9): amounts typed in dollars become whole
 * cents, rounded to 2 decimals; an amount is spread over lines in an order, each line taking at most
 * its Est. Due. Integer cents throughout, so a total is exact.
 */
import type { Procedure } from '../../../embed-sdk/contract/allocation.js';
import { parseMoneyToCents } from '../../../embed-sdk/validation/money.js';
import { validationMessages } from '../../../embed-sdk/validation/messages.js';

export type ParsedAmount = { ok: true; cents: number | null } | { ok: false; message: string };

// Dollars as people type them: plain digits or comma thousands, any number of decimals (the spec
// rounds to 2, so '12.345' is $12.35 rather than an error), an optional dollar sign in front.
const DOLLARS = /^\$?\s*(0|[1-9]\d*|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d+))?$/;

/**
 * The amount field's or the inline edit's text as cents: null when empty, rounded half up to the
 * cent beyond 2 decimals (by digits, not floating point), else section 5's 'The {field} is not a
 * currency value.'
 */
export function parseAllocationAmount(text: string, field: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cents: null };
  const match = DOLLARS.exec(trimmed);
  if (!match) return { ok: false, message: validationMessages.money(field) };
  const [, whole = '0', fraction = ''] = match;
  const cents =
    fraction.length <= 2
      ? parseMoneyToCents(fraction ? `${whole}.${fraction}` : whole)
      : (parseMoneyToCents(`${whole}.${fraction.slice(0, 2)}`) ?? Number.NaN) + (fraction[2]! >= '5' ? 1 : 0);
  if (cents === null || !Number.isSafeInteger(cents))
    return { ok: false, message: validationMessages.money(field) };
  return { ok: true, cents };
}

/** The two fields a line is allocated by. */
export type DueLine = Pick<Procedure, 'procedureId' | 'estDue'>;

/**
 * `amount` cents given to `lines` in their order: each takes what is due on it or what is left,
 * whichever is less, until nothing is left. Lines with nothing due take nothing. The result holds
 * only lines that take something, in the lines' order; its amounts add up to the amount, or to
 * everything due when that is less.
 */
export function allocateInOrder(
  lines: Iterable<DueLine>,
  amount: number,
): [procedureId: number, cents: number][] {
  const taken: [number, number][] = [];
  let left = Math.max(0, amount);
  for (const line of lines) {
    if (left === 0) break;
    if (line.estDue <= 0) continue;
    const cents = Math.min(line.estDue, left);
    taken.push([line.procedureId, cents]);
    left -= cents;
  }
  return taken;
}

type Dated = Pick<Procedure, 'date' | 'procNum'>;

/**
 * FIFO's order: the oldest procedure first (its day, YYYY-MM-DD, compares as text), procedures of
 * one day by their number in the practice system, the order they were entered in.
 */
export function oldestFirst(a: Dated, b: Dated): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.procNum - b.procNum;
}

/** LIFO's order: exactly FIFO's reversed. */
export function newestFirst(a: Dated, b: Dated): number {
  return oldestFirst(b, a);
}

/** The lines in the order FIFO or LIFO pays them (a sorted copy: O(n log n)). */
export function inPaymentOrder<T extends Dated>(lines: readonly T[], order: 'FIFO' | 'LIFO'): T[] {
  return [...lines].sort(order === 'FIFO' ? oldestFirst : newestFirst);
}
