/**
 * The patient search's public face: what the portal and the loader's build may use of this
 * capability. <chairside-patient-search> is `patientSearchDefinition` (its code is element.ts); the
 * portal places `PatientSearch` in its top bar, opens the patient form (loading on demand) from the
 * patient page for whoever `canEditPatients`, and lists the practice's clinics.
 */
export { patientSearchDefinition } from './definition.js';
export { PatientSearch, type PatientSearchProps } from './PatientSearch.js';
export { LazyPatientFormDialog } from './LazyPatientFormDialog.js';
export type { PatientFormDialogHostProps } from './PatientFormDialogHost.js';
export { canEditPatients } from './practiceRules.js';
export { useClinics } from './usePatientSearch.js';
