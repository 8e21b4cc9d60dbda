import type { PatientSavedDetail, PatientSelectedDetail } from '../../embed-sdk/events.js';

/** The patient search's props: the element's attributes, parsed, and its events as callbacks. */
export interface PatientSearchProps {
  /** Text to search for at once (e.g. the patient number open in the practice system). */
  term?: string;
  /** Limit the search to one clinic; every clinic when absent. */
  clinicNum?: number;
  /**
   * Offer Add Patient (Open Dental only, when the practice allows it).
   * @default true
   */
  allowAdd?: boolean;
  /**
   * Hide the Completed Appointments list.
   * @default false
   */
  noSchedule?: boolean;
  /** A patient was chosen; `id` is their Chairside customer id (they are brought in first if needed). */
  onPatientSelected?: (detail: PatientSelectedDetail) => void;
  /** A patient was added or updated. */
  onPatientSaved?: (detail: PatientSavedDetail) => void;
}
