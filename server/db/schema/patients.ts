/**
 * Patients: the practice system's patient record and its clinics and appointments (what the sandbox
 * plays), and Chairside's customer beside it. The patient search reads them in one statement, so they
 * belong to one capability: server/patients/.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { companies } from './practices.js';

export const clinics = pgTable(
  'clinics',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    clinicNum: integer('clinic_num').notNull(),
    description: text('description').notNull(),
    isHeadquarters: boolean('is_headquarters').notNull().default(false),
  },
  (t) => [uniqueIndex('clinics_company_num').on(t.companyId, t.clinicNum)],
);

/** A patient as the practice system knows them. `patNum` is the spec's patient key. */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patNum: integer('pat_num').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    cell: text('cell').notNull().default(''),
    zip: text('zip').notNull().default(''),
    clinicNum: integer('clinic_num').notNull().default(0),
    /** The family's guarantor (a patNum in the same practice); equal to patNum for a guarantor. */
    guarantorPatNum: integer('guarantor_pat_num').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('patients_company_patnum').on(t.companyId, t.patNum),
    // Prefix search by name and e-mail (see server/http/routes/patient.ts for the query and its plan).
    index('patients_company_last').using('btree', t.companyId, sql`lower(${t.lastName}) text_pattern_ops`),
    index('patients_company_first').using('btree', t.companyId, sql`lower(${t.firstName}) text_pattern_ops`),
    index('patients_company_email').using('btree', t.companyId, sql`lower(${t.email}) text_pattern_ops`),
    index('patients_company_cell').using('btree', t.companyId, sql`${t.cell} text_pattern_ops`),
    index('patients_company_guarantor').on(t.companyId, t.guarantorPatNum),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    clinicNum: integer('clinic_num').notNull().default(0),
    startsAt: ts('starts_at').notNull(),
    /** SCHEDULED | COMPLETE | BROKEN */
    status: text('status').notNull(),
    amountDue: integer('amount_due').notNull().default(0),
    requiresPayment: boolean('requires_payment').notNull().default(false),
  },
  (t) => [index('appointments_company_due').on(t.companyId, t.requiresPayment, t.status)],
);

/** A patient brought into Chairside (the spec's customer). Changes are written through to `patients`. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id').references(() => patients.id),
    patientKey: integer('patient_key'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    cell: text('cell').notNull().default(''),
    zip: text('zip').notNull().default(''),
    clinicNum: integer('clinic_num').notNull().default(0),
    guarantorId: integer('guarantor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_company_patient').on(t.companyId, t.patientKey),
    index('customers_company_last').using('btree', t.companyId, sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);
