import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const patientSearchDefinition = describeWidget({
  tag: 'chairside-patient-search',
  description:
    'Searches the practice’s patients by name, e-mail or patient number, shows completed appointments that still need payment, and adds or edits patients.',
  attributes: {
    theme: THEME_ATTRIBUTE,
    term: {
      description:
        'Text to search for as soon as the element appears, e.g. the patient number of the record open in the practice system. Changing it searches again.',
      type: 'string',
    },
    'clinic-num': {
      description: 'Limit the search to one clinic (its clinicNum). Searches every clinic when absent.',
      type: 'string',
    },
    'allow-add': {
      description:
        'Offer “Add Patient” (Open Dental practices only, when the practice allows it). Set to "false" to hide it.',
      type: "'true' | 'false'",
      default: 'true',
    },
    'no-schedule': {
      description:
        'Hide the Completed Appointments list (it is also hidden when the practice turned it off).',
      type: "'true' | 'false'",
      default: 'false',
    },
  },
  events: {
    'patient-selected': {
      description:
        'A patient was chosen (from the results, the completed appointments, or by adding one). A patient who was not yet a Chairside customer is brought in first, so `id` is set.',
      detail: 'PatientSelectedDetail',
    },
    'patient-saved': { description: 'A patient was added or updated.', detail: 'PatientSavedDetail' },
  },
  // The practice (its rules) and, with a `term`, the first results: asked for while the code loads.
  prefetch: [
    { path: '/api/company/current' },
    {
      path: '/api/patient/searchPatient',
      query: { name: 'term', clinicNum: 'clinic-num' },
      requires: ['term'],
    },
  ],
  // With a `term`, the server renders the search box and its results before the code has loaded.
  firstView: { requires: ['term'] },
});
