/**
 * The record's side of procedure allocation (part 2, "Procedure allocation modal"): procedures with
 * their Est. Due, treatment plans, and writing an allocation as pay splits of a payment.
 *
 * An allocation replaces unallocated money of the payment: its unallocated splits shrink or go (the
 * earliest first) and a split on each procedure is added. What was paid on a procedure is the sum of
 * its splits, so Est. Due moves with every allocation, refund and move, and is never stored.
 */
import type * as contract from '../../embed-sdk/contract/allocation.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import {
  allocationProblem,
  takeFromUnallocated,
  type AllocationLine,
  type AllocationProblem,
} from '../domain/practice-system/allocation.js';
import { procedureDue } from '../domain/practice-system/estDue.js';
import { openSplits } from '../domain/practice-system/paySplits.js';
import { familyOf } from '../patients/store.js';
import {
  insertSplits,
  removeSplit,
  setSplitAmount,
  splitsOf,
  type PracticePaymentRecord,
  type SplitRow,
} from './store.js';
import {
  lockProcedures,
  proceduresByNumber,
  proceduresOfPatients,
  treatmentPlansOfPatients,
  type ProcedureRow,
} from './procedureStore.js';

const STATUS_NAMES: Record<string, string> = { C: 'Complete', TP: 'Treatment Planned' };

function toProcedure(row: ProcedureRow): contract.Procedure {
  const due = procedureDue(row, row.patientPaid);
  return {
    procedureId: row.procedureId,
    procNum: row.procNum,
    procCode: row.procCode,
    procedureDescription: row.description,
    tooth: row.tooth,
    provider: row.provider,
    date: row.procDate,
    dateTP: row.dateTP,
    tpHeading: row.tpHeading,
    tpStatus: row.tpStatus,
    treatPlanNum: row.treatPlanNum,
    procStatus: row.procStatus,
    procStatusFriendly: STATUS_NAMES[row.procStatus] ?? row.procStatus,
    patientKey: row.patNum,
    firstName: row.firstName,
    lastName: row.lastName,
    originalAmount: row.fee,
    customerOutOfPocketPaidToDate: due.patientPaid,
    paymentPlanPending: row.paymentPlanPending,
    insurance: due.insurance + row.writeOff,
    insuranceEst: row.insuranceEst,
    waitingFromInsurance: row.waitingFromInsurance,
    paidFromInsurance: row.paidFromInsurance,
    writeOff: row.writeOff,
    procAdjustment: row.adjustment,
    estDue: due.estDue,
  };
}

/** The patient numbers of a patient's family (the patient alone when they have none); empty when unknown. */
export async function familyPatNums(db: Db | Tx, practice: PracticeId, patNum: number): Promise<number[]> {
  return (await familyOf(db, practice, patNum)).map((p) => p.key);
}

/** The procedures of these patients with what is due on each, newest first. */
export async function proceduresDue(
  db: Db | Tx,
  practice: PracticeId,
  patNums: readonly number[],
): Promise<contract.Procedure[]> {
  return (await proceduresOfPatients(db, practice, patNums)).map(toProcedure);
}

export async function treatmentPlans(
  db: Db | Tx,
  practice: PracticeId,
  patNums: readonly number[],
): Promise<contract.TreatmentPlan[]> {
  return treatmentPlansOfPatients(db, practice, patNums);
}

/** A payment's splits read for allocation: what is on procedures, and what is not. */
export interface PaymentAllocation {
  /** On procedures (what is left of those splits after refunds). */
  allocated: number;
  /** On no procedure, surcharge aside. */
  unallocated: number;
}

export function allocationOfSplits(lines: readonly SplitRow[]): PaymentAllocation {
  const byId = new Map(lines.map((l) => [l.id, l]));
  let allocated = 0;
  let unallocated = 0;
  for (const s of openSplits(lines)) {
    if (s.isSurcharge) continue;
    if (byId.get(s.id)!.procNum === null) unallocated += s.remaining;
    else allocated += s.remaining;
  }
  return { allocated, unallocated };
}

/**
 * Why these lines cannot be allocated from a payment of patient `patNum` holding `unallocated`
 * (naming the line), or null: the one check of every allocation, saved from the modal or sent with
 * Associate. In a database transaction that will write them, pass `lock`: the procedures' rows stay
 * locked until it ends, so that two payments never both take a procedure's last dollars.
 */
export async function allocationProblemOf(
  db: Db | Tx,
  practice: PracticeId,
  payer: { patNum: number; unallocated: number },
  lines: readonly AllocationLine[],
  opts: { lock?: Tx } = {},
): Promise<AllocationProblem | null> {
  const family = new Set(await familyPatNums(db, practice, payer.patNum));
  const procNums = lines.map((l) => l.procNum);
  if (opts.lock) await lockProcedures(opts.lock, practice, procNums);
  const rows = await proceduresByNumber(db, practice, procNums);
  const procedures = new Map(
    rows.map((r) => [
      r.procNum,
      { procNum: r.procNum, patNum: r.patNum, estDue: procedureDue(r, r.patientPaid).estDue },
    ]),
  );
  return allocationProblem(lines, { procedures, family, unallocated: payer.unallocated });
}

/**
 * Checks the lines against the record and writes them as splits of the payment, in the caller's
 * database transaction; the caller holds the payment's row lock, so two allocations of one payment
 * take turns. Returns the problem (naming the line) and writes nothing when the lines do not fit.
 */
export async function writeAllocation(
  tx: Tx,
  practice: PracticeId,
  payment: PracticePaymentRecord,
  lines: readonly AllocationLine[],
  at: Date,
): Promise<AllocationProblem | null> {
  const splits = await splitsOf(tx, practice, payment.id);
  const problem = await allocationProblemOf(
    tx,
    practice,
    { patNum: payment.patNum, unallocated: allocationOfSplits(splits).unallocated },
    lines,
    { lock: tx },
  );
  if (problem) return problem;
  const byId = new Map(splits.map((l) => [l.id, l]));
  const refunded = new Set(splits.flatMap((l) => (l.refundOfSplitId === null ? [] : [l.refundOfSplitId])));
  const unallocatedSplits = openSplits(splits)
    .filter((s) => !s.isSurcharge && byId.get(s.id)!.procNum === null)
    .map((s) => ({ id: s.id, amount: s.original, remaining: s.remaining, refunded: refunded.has(s.id) }));
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  for (const change of takeFromUnallocated(unallocatedSplits, total)) {
    if ('removed' in change) await removeSplit(tx, practice, change.id);
    else await setSplitAmount(tx, practice, change.id, change.amount);
  }
  await insertSplits(
    tx,
    practice,
    payment.id,
    lines.map((l) => ({ patNum: l.patientKey, procNum: l.procNum, amount: l.amount, descript: 'Payment' })),
    at,
  );
  return null;
}
