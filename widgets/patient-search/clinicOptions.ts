/** The add form's clinic choices, from the practice's clinics or the spec's fallback when they fail. */
import type { Clinic } from '../../embed-sdk/contract/company.js';
import { EVERY_CLINIC } from '../../embed-sdk/contract/patient.js';
import { TEXT } from './texts.js';

export interface ClinicChoices {
  options: Clinic[];
  /** The clinics could not be loaded: the one option stands for "let the server choose". */
  fallback: boolean;
  loading: boolean;
}

export function clinicChoices(clinics: { data?: { clinics: Clinic[] }; error?: unknown }): ClinicChoices {
  if (clinics.error !== undefined) {
    return {
      options: [{ clinicNum: EVERY_CLINIC, description: TEXT.clinicsFailed }],
      fallback: true,
      loading: false,
    };
  }
  if (!clinics.data) return { options: [], fallback: false, loading: true };
  return { options: clinics.data.clinics, fallback: false, loading: false };
}

/** The spec shows the select only for a new patient when there is more than one clinic. */
export function showsClinicSelect(choices: ClinicChoices): boolean {
  // The fallback shows too: staff should see that the clinics could not be read.
  return choices.fallback || choices.options.length > 1;
}

/** The clinic a new patient starts in: the element's clinic, else Headquarters, else the first. */
export function defaultClinic(options: readonly Clinic[], preferred: number | undefined): Clinic | undefined {
  return (
    options.find((c) => c.clinicNum === preferred) ??
    options.find((c) => c.description === 'Headquarters') ??
    options[0]
  );
}
