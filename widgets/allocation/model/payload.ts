/**
 * What an allocation sends (spec part 2, section 3's Associate payload and section 5's rules): the
 * contract's `AssociateProcedure` lines in cents, only those above 0, for `allocate` and for
 * `associate` alike; and the checks made before it is sent.
 */
import type { Procedure } from '../../../embed-sdk/contract/allocation.js';
import type { AssociateProcedure } from '../../../embed-sdk/contract/transaction.js';
import { MODEL_TEXT } from '../texts.js';
import { allocationTotal, hasOpenEdit } from './selectors.js';
import type { AllocationState, LineAllocation } from './state.js';

/**
 * The most lines one save takes: the contract's `.max(500)` on `allocate` and `associate` (the
 * contract's schemas are not in browser bundles, so the number is repeated here).
 */
export const MAX_LINES_PER_SAVE = 500;

export interface AllocationPayload {
  procedures: AssociateProcedure[];
  /** Their sum, in cents. */
  total: number;
}

type PayloadProcedure = Pick<Procedure, 'procedureId' | 'procNum' | 'procStatus' | 'patientKey'>;

/**
 * The allocated lines as the contract's lines: amounts in whole cents, only lines above 0, in the
 * order they were allocated. A line whose procedure is not among `procedures` (no longer loaded) is
 * not sent, nor counted.
 */
export function allocationPayload(
  lines: ReadonlyMap<number, LineAllocation>,
  procedures: readonly PayloadProcedure[],
): AllocationPayload {
  const byId = new Map(procedures.map((p) => [p.procedureId, p]));
  const sent: AssociateProcedure[] = [];
  let total = 0;
  for (const [procedureId, line] of lines) {
    const procedure = byId.get(procedureId);
    const amount = Math.round(line.amountToPay);
    if (!procedure || amount <= 0) continue;
    sent.push({
      procStatus: procedure.procStatus,
      patientKey: procedure.patientKey,
      procedureLogCodeNum: procedure.procNum,
      amount,
    });
    total += amount;
  }
  return { procedures: sent, total };
}

export type PreparedSave = ({ ok: true } & AllocationPayload) | { ok: false; message: string };

/**
 * 'Allocate Procedures': refused while an inline edit is open (section 5's message) or while nothing
 * is allocated (the button is disabled then: the total must be above 0); otherwise the payload.
 * A refusal's message goes back into the state with the `messageShown` action.
 */
export function prepareSave(
  state: Pick<AllocationState, 'lines'>,
  procedures: readonly PayloadProcedure[],
): PreparedSave {
  if (hasOpenEdit(state.lines)) return { ok: false, message: MODEL_TEXT.unsavedEdit };
  if (allocationTotal(state.lines) <= 0) return { ok: false, message: MODEL_TEXT.nothingAllocated };
  const payload = allocationPayload(state.lines, procedures);
  if (payload.total <= 0) return { ok: false, message: MODEL_TEXT.nothingAllocated };
  if (payload.procedures.length > MAX_LINES_PER_SAVE) {
    return { ok: false, message: MODEL_TEXT.tooManyLines(MAX_LINES_PER_SAVE) };
  }
  return { ok: true, ...payload };
}

/**
 * Associate Transaction with Allocate Payment (section 5): the allocation must pay exactly the
 * payment less its surcharge, to the cent; else section 8's message.
 */
export function associateTotalProblem(
  total: number,
  payment: { amount: number; surchargeAmount: number },
): string | null {
  return total === payment.amount - payment.surchargeAmount ? null : MODEL_TEXT.associateTotalMismatch;
}
