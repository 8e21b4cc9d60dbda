/**
 * What the patient search offers in the current practice (spec part 1, section 2): pure, so the
 * rules are table-tested apart from the UI.
 */
import type { GatewayCode, Role } from '../../embed-sdk/contract/common.js';
import { PATIENT_EDIT_ROLES } from '../../embed-sdk/contract/patient.js';

/** The practice system's name as staff know it, for the form's warning. */
export const PRACTICE_SYSTEM_NAMES: Record<GatewayCode, string> = {
  OPENDENTAL: 'Open Dental',
  DENTRIX: 'Dentrix',
  DENTRIXNH: 'Dentrix',
  EAGLESOFT: 'Eaglesoft',
};

/** 'Add Patient' appears only for Open Dental, with adding allowed and a non-empty term. */
export function offersAddPatient(rule: {
  gatewayCode: GatewayCode;
  /** The element's allow-add attribute. */
  allowAdd: boolean;
  /** The practice's own setting. */
  practiceAllowsAdd: boolean;
  /** The signed-in user may change patients (the server refuses otherwise). */
  canEdit: boolean;
  term: string;
}): boolean {
  return (
    rule.gatewayCode === 'OPENDENTAL' &&
    rule.allowAdd &&
    rule.practiceAllowsAdd &&
    rule.canEdit &&
    rule.term.trim() !== ''
  );
}

/** The Completed Appointments list shows for Open Dental or Dentrix unless no-schedule is set. */
export function showsCompletedAppointments(rule: {
  gatewayCode: GatewayCode;
  /** The element's no-schedule attribute. */
  noSchedule: boolean;
  /** The practice's own setting. */
  practiceNoSchedule: boolean;
}): boolean {
  return (
    (rule.gatewayCode === 'OPENDENTAL' || rule.gatewayCode === 'DENTRIX') &&
    !rule.noSchedule &&
    !rule.practiceNoSchedule
  );
}

/** Whether the user may add or edit patients in this practice: the server's own rule. */
export function canEditPatients(
  profile: { isAdmin: boolean; practices: { id: number; roles: readonly Role[] }[] } | null,
  companyId: number,
): boolean {
  if (!profile) return false;
  if (profile.isAdmin) return true;
  const roles = profile.practices.find((p) => p.id === companyId)?.roles ?? [];
  return roles.some((r) => PATIENT_EDIT_ROLES.includes(r));
}
