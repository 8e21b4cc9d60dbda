/**
 * Allocating a payment to procedures (part 2, "Procedure allocation modal" and section 5), the rules
 * the server keeps whatever the modal sent. Pure: the practice-system record reads the facts, these
 * functions say whether the lines fit and which unallocated splits give up their money.
 *
 * - Every line names a procedure of the practice that belongs to the patient it names, and that
 *   patient is the payment's patient or one of their family; a procedure appears once.
 * - No line is more than its procedure's Est. Due.
 * - The lines add up to at most what is unallocated of the payment.
 */
import { ALLOCATION_MESSAGES } from '../../../embed-sdk/contract/allocation.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';

export interface AllocationLine {
  patientKey: number;
  /** The procedure's ProcNum (the payload's procedureLogCodeNum). */
  procNum: number;
  amount: number;
}

export interface ProcedureFacts {
  procNum: number;
  patNum: number;
  estDue: number;
}

export interface AllocationProblem {
  /** The request's field it is about: `body.procedures.3.amount`. */
  field: string;
  message: string;
}

/** Why these lines cannot be written (the first problem, in line order), or null when they can. */
export function allocationProblem(
  lines: readonly AllocationLine[],
  facts: {
    /** The practice's procedures the lines name, by ProcNum. */
    procedures: ReadonlyMap<number, ProcedureFacts>;
    /** The patient numbers of the payment's patient and their family. */
    family: ReadonlySet<number>;
    unallocated: number;
  },
): AllocationProblem | null {
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    const at = (name: string) => `body.procedures.${i}.${name}`;
    const procedure = facts.procedures.get(line.procNum);
    if (!procedure || procedure.patNum !== line.patientKey) {
      return {
        field: at('procedureLogCodeNum'),
        message: ALLOCATION_MESSAGES.unknownProcedure(line.procNum, line.patientKey),
      };
    }
    if (!facts.family.has(procedure.patNum)) {
      return { field: at('procedureLogCodeNum'), message: ALLOCATION_MESSAGES.notOfFamily(line.procNum) };
    }
    if (seen.has(line.procNum)) {
      return { field: at('procedureLogCodeNum'), message: ALLOCATION_MESSAGES.twice(line.procNum) };
    }
    seen.add(line.procNum);
    if (line.amount > procedure.estDue) {
      return {
        field: at('amount'),
        message: ALLOCATION_MESSAGES.overDue(line.procNum, formatCurrency(procedure.estDue)),
      };
    }
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  if (total > facts.unallocated) {
    return {
      field: 'body.procedures',
      message: ALLOCATION_MESSAGES.overUnallocated(formatCurrency(facts.unallocated)),
    };
  }
  return null;
}

export interface UnallocatedSplit {
  id: number;
  /** The split's own amount as posted. */
  amount: number;
  /** What is left of it (its amount less refunds written against it). */
  remaining: number;
  /** Whether a refund's negative split points at it (then the row must stay). */
  refunded: boolean;
}

/** What becomes of an unallocated split: a smaller amount, or gone. */
export type SplitChange = { id: number; amount: number } | { id: number; removed: true };

/**
 * Takes `total` from the payment's unallocated splits, the earliest first: each shrinks by what it
 * gives, and goes when nothing is left of it and no refund points at it. The caller checked that
 * they hold `total`.
 */
export function takeFromUnallocated(splits: readonly UnallocatedSplit[], total: number): SplitChange[] {
  const changes: SplitChange[] = [];
  let rest = total;
  for (const s of splits) {
    if (rest === 0) break;
    const take = Math.min(rest, s.remaining);
    if (take <= 0) continue;
    rest -= take;
    if (take === s.remaining && !s.refunded) changes.push({ id: s.id, removed: true });
    else changes.push({ id: s.id, amount: s.amount - take });
  }
  if (rest > 0) throw new RangeError(`The unallocated splits hold ${total - rest} of ${total}.`);
  return changes;
}
