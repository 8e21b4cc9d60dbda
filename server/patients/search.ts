/**
 * Finding patients: the patient search (by name, e-mail, phone or patient number; the widget's first
 * view), the completed appointments that still need payment, and the customer search of the dialogs
 * that pick a patient. Both searches read a term the same way (domain/patients/searchTerm.ts).
 */
import * as contract from '../../embed-sdk/contract/patient.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { clinicCount, patientsWithDueAppointments, searchCustomers, searchPatients } from './store.js';
import { toPatient } from './view.js';

export async function findPatients(
  ctx: AppContext,
  practice: PracticeId,
  query: { name: string; clinicNum?: number },
): Promise<contract.PatientList> {
  const clinic =
    query.clinicNum === undefined || query.clinicNum === contract.EVERY_CLINIC ? null : query.clinicNum;
  const { rows, clinicCount } = await searchPatients(ctx.db, practice, query.name, clinic);
  return { patients: rows.map((r) => toPatient(r)), clinicCount };
}

/** The Completed Appointments list: patients whose completed appointment still needs payment. */
export async function patientsToCollectFrom(
  ctx: AppContext,
  practice: PracticeId,
): Promise<contract.PatientList> {
  const rows = await patientsWithDueAppointments(ctx.db, practice);
  return {
    patients: rows.map((r) => toPatient(r, { startsAt: r.startsAt.toISOString(), amountDue: r.amountDue })),
    clinicCount: await clinicCount(ctx.db, practice),
  };
}

export function findCustomers(ctx: AppContext, practice: PracticeId, name: string) {
  return searchCustomers(ctx.db, practice, name);
}
