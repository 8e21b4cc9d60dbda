/**
 * The patient form's rules: who may add or change a patient, what counts as a change, and which
 * clinic a patient belongs to. Pure.
 */
import { PATIENT_EDIT_ROLES } from '../../../embed-sdk/contract/patient.js';
import type { Role } from '../../../embed-sdk/contract/common.js';

/** Adding or changing a patient needs an editing role (administrators have every role). */
export function mayEditPatients(caller: { isAdmin: boolean; roles: ReadonlySet<Role> }): boolean {
  return caller.isAdmin || PATIENT_EDIT_ROLES.some((r) => caller.roles.has(r));
}

export interface PatientProfile {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  zip: string;
  clinicNum?: number;
}

/**
 * Whether the form changes the patient's record. An empty ZIP code and an absent clinic leave the
 * stored ones as they are (the widget's form may have neither), so they change nothing.
 */
export function changesProfile(current: Required<PatientProfile>, input: PatientProfile): boolean {
  return (
    current.firstName !== input.firstName ||
    current.lastName !== input.lastName ||
    current.email !== input.email ||
    current.cell !== input.cell ||
    (input.zip !== '' && current.zip !== input.zip) ||
    (input.clinicNum !== undefined && current.clinicNum !== input.clinicNum)
  );
}

export const CLINIC_REFUSAL = 'Choose one of the practice’s clinics.';

/**
 * The clinic of a new or changed patient: the one asked for, which must be one of the practice's;
 * without one, the headquarters (or the first clinic; 0 for a practice with none). Null when the
 * clinic asked for is not the practice's.
 */
export function clinicFor(
  clinics: readonly { clinicNum: number; isHeadquarters: boolean }[],
  requested: number | undefined,
): number | null {
  if (requested === undefined) return (clinics.find((c) => c.isHeadquarters) ?? clinics[0])?.clinicNum ?? 0;
  return clinics.some((c) => c.clinicNum === requested) ? requested : null;
}
