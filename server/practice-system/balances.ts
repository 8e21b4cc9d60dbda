/**
 * What each patient owes in the practice system: the sum of the Est. Due of their completed
 * procedures (domain/practice-system/estDue.ts, the one place that figure is computed), as the
 * allocation modal shows it per procedure. Treatment-planned work is not owed yet. Bulk payment
 * requests ask "everyone with a balance" for it.
 */
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { procedureDue } from '../domain/practice-system/estDue.js';
import { completedProcedures } from './procedureStore.js';

export interface PatientBalance {
  patNum: number;
  firstName: string;
  lastName: string;
  /** Cents, above zero. */
  balance: number;
}

/** The practice's patients who owe something, by last name then first name. */
export async function patientBalances(db: Db | Tx, practice: PracticeId): Promise<PatientBalance[]> {
  const byPatient = new Map<number, PatientBalance>();
  for (const row of await completedProcedures(db, practice)) {
    const due = procedureDue(row, row.patientPaid).estDue;
    const patient = byPatient.get(row.patNum);
    if (patient) patient.balance += due;
    else
      byPatient.set(row.patNum, {
        patNum: row.patNum,
        firstName: row.firstName,
        lastName: row.lastName,
        balance: due,
      });
  }
  return [...byPatient.values()]
    .filter((p) => p.balance > 0)
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.patNum - b.patNum,
    );
}
