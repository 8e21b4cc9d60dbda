import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const patientSearchDefinition = describeWidget({
  tag: 'chairside-patient-search',
  description:
    'Searches the practice’s patients by name, e-mail or patient number, shows completed appointments that still need payment, and adds or edits patients.',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'clinic-num': {
      description: 'Limit the search to one clinic (its clinicNum). Searches every clinic when absent.',
      type: 'string',
    },
    'allow-add': {
      description: 'Offer “Add Patient” (Open Dental practices only). Set to "false" to hide it.',
      type: "'true' | 'false'",
      default: 'true',
    },
    'no-schedule': {
      description: 'Hide the Completed Appointments list.',
      type: "'true' | 'false'",
      default: 'false',
    },
  },
  events: {
    'patient-selected': {
      description: 'A patient was chosen from the results.',
      detail: 'PatientSelectedDetail',
    },
    'patient-saved': { description: 'A patient was added or updated.', detail: 'PatientSavedDetail' },
  },
});
