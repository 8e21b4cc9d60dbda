/** The current practice and the signed-in user, read through the rules of practiceRules.ts. */
import type { PatientSearchProps } from './PatientSearch.types.js';
import { canEditPatients, offersAddPatient, showsCompletedAppointments } from './practiceRules.js';
import { useClinics, useCurrentCompany, useProfile } from './usePatientSearch.js';

export function usePracticeRules(
  { allowAdd = true, noSchedule = false }: Pick<PatientSearchProps, 'allowAdd' | 'noSchedule'>,
  term: string,
) {
  const company = useCurrentCompany();
  const practice = company.data;
  const profileQuery = useProfile();
  const profile = profileQuery.data ?? null;
  const answered = (query: { data?: unknown; error?: unknown }) =>
    query.data !== undefined || query.error !== undefined;
  const canEdit = !!practice && canEditPatients(profile, practice.id);
  const rule = practice && {
    gatewayCode: practice.gatewayCode,
    allowAdd,
    practiceAllowsAdd: practice.allowAddPatient,
    canEdit,
  };
  const addPossible = !!rule && offersAddPatient({ ...rule, term: 'any term' });
  // Loaded ahead when adding is possible at all, so the form opens with its clinics.
  const clinics = useClinics(addPossible);
  return {
    /** The practice and the user are known (or failed): the rules below are final. */
    known: answered(company) && answered(profileQuery),
    practice,
    canEdit,
    addOffered: !!rule && offersAddPatient({ ...rule, term }),
    appointmentsShown:
      !!practice &&
      showsCompletedAppointments({
        gatewayCode: practice.gatewayCode,
        noSchedule,
        practiceNoSchedule: practice.noSchedule,
      }),
    clinics,
  };
}
