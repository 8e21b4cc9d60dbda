/**
 * The options of the search's list box: search results grouped by clinic, or the completed
 * appointments. Each option has an element id unique to this widget instance (a shadow root has its
 * own ids, but two widgets in one portal page share the document's).
 */
import type { Patient } from '../../embed-sdk/contract/patient.js';
import { groupByClinic, type ClinicGroup } from './grouping.js';

export interface SearchOption {
  id: string;
  patient: Patient;
  source: 'result' | 'appointment';
}

export function resultGroups(
  baseId: string,
  list: { patients: Patient[]; clinicCount: number } | undefined,
): ClinicGroup<SearchOption>[] {
  if (!list) return [];
  return groupByClinic(list.patients, list.clinicCount).map((group) => ({
    ...group,
    patients: group.patients.map((patient) => ({
      id: `${baseId}-patient-${patient.key}`,
      patient,
      source: 'result' as const,
    })),
  }));
}

export function appointmentOptions(baseId: string, patients: Patient[] | undefined): SearchOption[] {
  // A patient may have more than one appointment waiting: the position keeps the ids apart.
  return (patients ?? []).map((patient, index) => ({
    id: `${baseId}-appointment-${index}-${patient.key}`,
    patient,
    source: 'appointment' as const,
  }));
}
