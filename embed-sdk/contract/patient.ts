/** Patients (the practice system's records) and Chairside customers: search, add, edit, avatar. */
import { z } from 'zod';
import { isEmailList } from '../validation/email.js';
import { validationMessages } from '../validation/messages.js';
import { isPhoneNumber } from '../validation/phone.js';
import { Id, IsoDate, MAX_DB_INT, RecordId, wholeNumber, type Role } from './common.js';
import { get, post } from './endpoint.js';

/** Adding or changing a patient's record needs one of the editing roles a front desk has. */
export const PATIENT_EDIT_ROLES: readonly Role[] = [
  'EDITPAYMENTREQUESTS',
  'EDITPAYMENTPLANS',
  'EDITMEMBERSHIPS',
];

/** The spec's patient/customer entity. `key` is the practice system's patient number. */
export const Patient = z.object({
  key: z.number().int(),
  /** The Chairside customer id, or null while the patient has none yet. */
  id: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  cell: z.string(),
  zip: z.string(),
  clinicNum: z.number().int(),
  /** The family's guarantor (a patient key). */
  guarantorId: z.number().int().nullable(),
  /**
   * The date of birth (YYYY-MM-DD), null when the practice system has none: lists where a patient is
   * chosen show it, since names repeat. Absent from answers that do not carry it.
   */
  birthdate: IsoDate.nullable().optional(),
  clinicDescription: z.string(),
  /** Where selecting the patient leads (the patient page). */
  routerName: z.string(),
  /** Whether the practice system has a picture of the patient: `getAvatar` is asked only then. */
  hasAvatar: z.boolean(),
  /** For the Completed Appointments list: the appointment that still needs payment. */
  appointment: z.object({ startsAt: z.string(), amountDue: z.number().int() }).nullable(),
});
export type Patient = z.infer<typeof Patient>;

export const PatientList = z.object({ patients: z.array(Patient), clinicCount: z.number().int() });
export type PatientList = z.infer<typeof PatientList>;

/**
 * The clinic number that stands for every clinic of the practice: the spec's fallback option when the
 * clinics cannot be read ('Headquarters (issue getting clinics)', value 0), so a search still finds
 * patients. A practice whose one clinic is numbered 0 loses nothing: every clinic is that one.
 */
export const EVERY_CLINIC = 0;

export const searchPatient = get('/api/patient/searchPatient', {
  summary:
    'Searches patients of the current practice by name, e-mail or patient number, in one clinic or (without clinicNum, or with 0) in every clinic.',
  query: z.object({
    name: z.string().trim().min(1, 'Enter something to search for.').max(100),
    clinicNum: wholeNumber(0, MAX_DB_INT).optional(),
  }),
  value: PatientList,
});

export const patientsInPractice = get('/api/patient/patientsInPractice', {
  summary: 'Patients with a completed appointment that still requires payment.',
  value: PatientList,
});

export const getAvatar = get('/api/patient/getAvatar', {
  summary: "The patient's picture from the practice system (404 when there is none).",
  query: z.object({ id: Id }),
  binary: true,
});

/** A phone is stored as ten digits when it is a national number (searches match digits); as typed otherwise. */
export function storedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return phone;
}

const PatientFields = z.object({
  firstName: z.string().trim().min(1, 'The first name is required.').max(60),
  lastName: z.string().trim().min(1, 'The last name is required.').max(60),
  // The spec's rules (section 5), the same the form checks: an e-mail may list several addresses
  // separated by commas; a phone may carry a country code or an extension.
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || isEmailList(v), validationMessages.email('email'))
    .default(''),
  cell: z
    .string()
    .trim()
    .max(40)
    .refine((v) => v === '' || isPhoneNumber(v), validationMessages.phoneNumber('mobile phone'))
    .transform(storedPhone)
    .default(''),
  zip: z.string().trim().max(10).default(''),
  clinicNum: z.number().int().min(0).max(MAX_DB_INT).optional(),
});

export const Customer = Patient.omit({ appointment: true }).extend({
  id: z.number().int(),
  customerId: z.number().int(),
});
export type Customer = z.infer<typeof Customer>;

export const transition = post('/api/customer/transition', {
  summary:
    'Brings a patient into Chairside: with a key, the existing patient (updating the given fields); without one, a new patient created in the practice system.',
  body: PatientFields.extend({
    key: RecordId.optional(),
    guarantorId: RecordId.optional(),
    id: RecordId.optional(),
  }),
  value: Customer,
});

export const update = post('/api/customer/update', {
  summary: "Updates a customer's profile, in Chairside and in the practice system.",
  body: PatientFields.extend({
    id: RecordId,
    key: RecordId.optional(),
  }),
  value: Customer,
});

export const getCustomer = get('/api/customer/getCustomer', {
  summary: 'One customer of the current practice.',
  query: z.object({ id: Id }),
  value: Customer,
});

export const searchCustomer = get('/api/customer/searchCustomer', {
  summary: 'Customers of the current practice whose name starts with the term.',
  query: z.object({ name: z.string().trim().min(1).max(100) }),
  value: z.array(
    z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  ),
});
