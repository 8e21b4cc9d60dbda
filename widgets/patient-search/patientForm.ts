/**
 * The add/edit patient form's values and rules (spec section 5: first and last name required;
 * e-mail valid if given; mobile a phone number if given), with the spec's messages verbatim.
 */
import { z } from 'zod/mini';
import type { Patient } from '../../embed-sdk/contract/patient.js';
import { formatPhone } from '../../embed-sdk/format/phone.js';
import { emailList } from '../../embed-sdk/validation/email.js';
import { phoneNumber } from '../../embed-sdk/validation/phone.js';
import type { PatientPrefill } from './prefill.js';
import type { PatientFields } from './usePatientMutations.js';

const required = (message: string) => z.string().check(z.refine((text) => text.trim() !== '', { message }));

export const patientFormSchema = z.object({
  /** The select's value; used only for a new patient. */
  clinicNum: z.string(),
  firstName: required('The first name is required.'),
  lastName: required('The last name is required.'),
  email: emailList('email', { optional: true }),
  cell: phoneNumber('mobile phone', { optional: true }),
});

export type PatientFormValues = z.infer<typeof patientFormSchema>;

/** The longest names the server keeps. */
export const NAME_MAX_LENGTH = 60;

export function formValuesOf(source: PatientPrefill | Patient, clinicNum = ''): PatientFormValues {
  return {
    clinicNum,
    firstName: source.firstName,
    lastName: source.lastName,
    email: source.email,
    cell: formatPhone(source.cell),
  };
}

/** What is sent: trimmed; a clinic only when one was chosen from real clinics. */
export function fieldsOf(values: PatientFormValues, withClinic: boolean): PatientFields {
  const fields: PatientFields = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    cell: values.cell.trim(),
  };
  if (withClinic && values.clinicNum !== '') fields.clinicNum = Number(values.clinicNum);
  return fields;
}
