/**
 * The record for allocation in the database: the patients' procedures with what was paid on them,
 * and their treatment plans. Every function takes the practice and scopes each statement to it
 * (db/scope.ts).
 */
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { patients } from '../db/schema/patients.js';
import { paySplits, procedures, treatmentPlans } from '../db/schema/practice-system.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';

export interface ProcedureRow {
  procedureId: number;
  procNum: number;
  procCode: string;
  description: string;
  tooth: string;
  provider: string;
  procDate: string;
  procStatus: 'C' | 'TP';
  treatPlanNum: number | null;
  fee: number;
  insuranceEst: number;
  paidFromInsurance: number;
  waitingFromInsurance: number;
  writeOff: number;
  adjustment: number;
  paymentPlanPending: number;
  /** The sum of the pay splits on it (refunds included): what the patient paid. */
  patientPaid: number;
  patNum: number;
  firstName: string;
  lastName: string;
  tpHeading: string | null;
  tpStatus: number | null;
  dateTP: string | null;
}

/** The practice's procedures matching `where`, each with its patient, treatment plan and pay splits' sum. */
function proceduresWhere(db: Db | Tx, practice: PracticeId, where: SQL) {
  // Summed per procedure (an index on the splits' procedure), never stored: see estDue.ts.
  const paid = sql<number>`(select coalesce(sum(${paySplits.amount}), 0)::int from ${paySplits} where ${samePractice(
    paySplits,
    procedures,
    eq(paySplits.procNum, procedures.procNum),
  )})`;
  return db
    .select({
      procedureId: procedures.id,
      procNum: procedures.procNum,
      procCode: procedures.procCode,
      description: procedures.description,
      tooth: procedures.tooth,
      provider: procedures.provider,
      procDate: procedures.procDate,
      procStatus: procedures.procStatus,
      treatPlanNum: procedures.treatPlanNum,
      fee: procedures.fee,
      insuranceEst: procedures.insuranceEst,
      paidFromInsurance: procedures.paidFromInsurance,
      waitingFromInsurance: procedures.waitingFromInsurance,
      writeOff: procedures.writeOff,
      adjustment: procedures.adjustment,
      paymentPlanPending: procedures.paymentPlanPending,
      patientPaid: paid,
      patNum: patients.patNum,
      firstName: patients.firstName,
      lastName: patients.lastName,
      tpHeading: treatmentPlans.heading,
      tpStatus: treatmentPlans.tpStatus,
      dateTP: treatmentPlans.dateTP,
    })
    .from(procedures)
    .innerJoin(patients, samePractice(patients, procedures, eq(patients.id, procedures.patientId)))
    .leftJoin(
      treatmentPlans,
      samePractice(treatmentPlans, procedures, eq(treatmentPlans.treatPlanNum, procedures.treatPlanNum)),
    )
    .where(inPractice(procedures, practice, where))
    .orderBy(desc(procedures.procDate), asc(procedures.procNum));
}

/** The procedures of these patients (by patient number), newest first. */
export function proceduresOfPatients(
  db: Db | Tx,
  practice: PracticeId,
  patNums: readonly number[],
): Promise<ProcedureRow[]> {
  if (patNums.length === 0) return Promise.resolve([]);
  return proceduresWhere(db, practice, inArray(patients.patNum, [...patNums]));
}

/**
 * The practice's completed procedures, each with its patient and what was paid on it: what the
 * patients owe (their balances, practice-system/balances.ts) is summed from these.
 */
export function completedProcedures(db: Db | Tx, practice: PracticeId): Promise<ProcedureRow[]> {
  return proceduresWhere(db, practice, eq(procedures.procStatus, 'C'));
}

/** The practice's procedures with these numbers (ProcNum); another practice's are not found. */
export function proceduresByNumber(
  db: Db | Tx,
  practice: PracticeId,
  procNums: readonly number[],
): Promise<ProcedureRow[]> {
  const nums = [...new Set(procNums)];
  if (nums.length === 0) return Promise.resolve([]);
  return proceduresWhere(db, practice, inArray(procedures.procNum, nums));
}

/** Locks the practice's procedures with these numbers, in number order (so that two lockers never deadlock). */
export async function lockProcedures(tx: Tx, practice: PracticeId, procNums: readonly number[]) {
  const nums = [...new Set(procNums)];
  if (nums.length === 0) return;
  await tx
    .select({ id: procedures.id })
    .from(procedures)
    .where(inPractice(procedures, practice, inArray(procedures.procNum, nums)))
    .orderBy(asc(procedures.procNum))
    .for('update');
}

/** The treatment plans of these patients, newest first. */
export function treatmentPlansOfPatients(db: Db | Tx, practice: PracticeId, patNums: readonly number[]) {
  if (patNums.length === 0) return Promise.resolve([]);
  return db
    .select({
      treatPlanNum: treatmentPlans.treatPlanNum,
      tpHeading: treatmentPlans.heading,
      dateTP: treatmentPlans.dateTP,
      note: treatmentPlans.note,
      tpStatus: treatmentPlans.tpStatus,
      patientKey: patients.patNum,
    })
    .from(treatmentPlans)
    .innerJoin(patients, samePractice(patients, treatmentPlans, eq(patients.id, treatmentPlans.patientId)))
    .where(inPractice(treatmentPlans, practice, inArray(patients.patNum, [...patNums])))
    .orderBy(desc(treatmentPlans.dateTP), desc(treatmentPlans.treatPlanNum));
}
