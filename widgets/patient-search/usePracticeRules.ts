/** The current practice and what the caller may do in it, read through the rules of practiceRules.ts. */
import type { PatientSearchProps } from './PatientSearch.types.js';
import { canEditPatients, offersAddPatient, showsCompletedAppointments } from './practiceRules.js';
import { accessOf } from '../ui/practice.js';
import { useClinics, useCurrentCompany } from './usePatientSearch.js';

export function usePracticeRules(
  { allowAdd = true, noSchedule = false }: Pick<PatientSearchProps, 'allowAdd' | 'noSchedule'>,
  term: string,
) {
  const company = useCurrentCompany();
  const practice = company.data;
  const answered = (query: { data?: unknown; error?: unknown }) =>
    query.data !== undefined || query.error !== undefined;
  // What the caller may do comes with the practice, as the server holds it now.
  const canEdit = !!practice && canEditPatients(accessOf(practice), practice.id);
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
    /** The practice (and what the caller may do in it) is known, or failed: the rules below are final. */
    known: answered(company),
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
