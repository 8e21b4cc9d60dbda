/** The patient search's words. Those quoted in the spec are the product's and stay verbatim. */

export const SEARCH_DEBOUNCE_MS = 300;

export const TEXT = {
  hint: 'Search by name, email, or patient number.',
  searchLabel: 'Search patients',
  searching: 'Searching…',
  noResults: 'No patients found.',
  searchFailed: 'The search could not be completed. Try again.',
  resultsLabel: 'Patients',
  completedAppointments: 'Completed Appointments',
  noAppointments: 'No completed appointments requiring payment.',
  appointmentsFailed: 'The completed appointments could not be loaded.',
  notInChairside: 'Not in Chairside yet',
  addPatient: 'Add Patient',
  newPatient: 'New Patient',
  editPatient: 'Edit Patient',
  updatePatient: 'Update Patient Profile',
  editHint: 'Edit patient (F2)',
  saved: 'Saved',
  patientAdded: 'Patient added',
  patientUpdated: 'Patient updated',
  clinicsFailed: 'Headquarters (issue getting clinics)',
  willCreate: (system: string) => `A new patient will be created in ${system}.`,
  willUpdate: (system: string) => `Changes will update the patient profile in ${system}.`,
} as const;
