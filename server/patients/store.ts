/**
 * Patients in the database: the practice system's patient record (patients, their clinics and
 * appointments) and Chairside's customer beside it. Every function takes the caller's practice and
 * scopes each statement to it (db/scope.ts).
 *
 * The patient search is a prefix search served by the btree indexes on (company_id, lower(name)
 * text_pattern_ops) and friends (db/searchTerm.ts); on 100,000 patients the planner answers with
 * bitmap index scans (see the bench for the plan and the timing). It is on the widget's first view:
 * one statement, the clinic count included.
 */
import { asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { appointments, clinics, customers, patients } from '../db/schema/patients.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';
import { matchSearchTerm } from '../db/searchTerm.js';

export type CustomerRecord = typeof customers.$inferSelect;

const SEARCH_LIMIT = 50;
const APPOINTMENTS_LIMIT = 100;

const patientColumns = {
  key: patients.patNum,
  customerId: customers.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  email: patients.email,
  cell: patients.cell,
  zip: patients.zip,
  clinicNum: patients.clinicNum,
  guarantorId: patients.guarantorPatNum,
  birthdate: patients.birthdate,
  clinicDescription: clinics.description,
};

/** A patient as the search and the form read them: the record, its customer and its clinic. */
export type PatientRow = {
  key: number;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  zip: string;
  clinicNum: number;
  guarantorId: number;
  birthdate: string | null;
  clinicDescription: string | null;
};

const customerJoin = samePractice(customers, patients, eq(customers.patientKey, patients.patNum));
const clinicJoin = samePractice(clinics, patients, eq(clinics.clinicNum, patients.clinicNum));

/**
 * The practice's patients that meet the conditions, with their customer and clinic. The practice
 * condition is built here and the result has its `where` already: a caller adds order and limit, and
 * cannot replace the condition.
 */
function patientsWhere<X extends Record<string, SQL.Aliased | SQL>>(
  db: Db | Tx,
  practice: PracticeId,
  extra: X,
  ...conditions: (SQL | undefined)[]
) {
  return db
    .select({ ...patientColumns, ...extra })
    .from(patients)
    .leftJoin(customers, customerJoin)
    .leftJoin(clinics, clinicJoin)
    .where(inPractice(patients, practice, ...conditions));
}

/** The practice's clinic count as a column of each row: one statement where a search needs both. */
const clinicCountColumn = (practice: PracticeId) =>
  sql<number>`(select count(*) from ${clinics} where ${clinics.companyId} = ${practice})`.mapWith(Number);

/**
 * Patients whose name, e-mail, phone or patient number matches the term, in one clinic or (null) in
 * all, by name; with the practice's clinic count.
 */
export async function searchPatients(
  db: Db | Tx,
  practice: PracticeId,
  term: string,
  clinicNum: number | null,
): Promise<{ rows: PatientRow[]; clinicCount: number }> {
  const rows = await patientsWhere(
    db,
    practice,
    { clinicCount: clinicCountColumn(practice) },
    matchSearchTerm(term, {
      firstName: patients.firstName,
      lastName: patients.lastName,
      email: patients.email,
      cell: patients.cell,
      patNum: patients.patNum,
    }),
    clinicNum === null ? undefined : eq(patients.clinicNum, clinicNum),
  )
    .orderBy(
      asc(sql`lower(${patients.lastName})`),
      asc(sql`lower(${patients.firstName})`),
      asc(patients.patNum),
    )
    .limit(SEARCH_LIMIT);
  // The clinic count comes with the rows; a search that finds no one asks for it on its own.
  const clinicTotal = rows[0]?.clinicCount ?? (await clinicCount(db, practice));
  return { rows, clinicCount: clinicTotal };
}

export async function clinicCount(db: Db | Tx, practice: PracticeId): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clinics).where(inPractice(clinics, practice));
  return row?.n ?? 0;
}

/** The practice's clinics, by number. */
export async function clinicsOf(db: Db | Tx, practice: PracticeId) {
  return db
    .select({
      clinicNum: clinics.clinicNum,
      description: clinics.description,
      isHeadquarters: clinics.isHeadquarters,
    })
    .from(clinics)
    .where(inPractice(clinics, practice))
    .orderBy(asc(clinics.clinicNum));
}

/** Patients with a completed appointment that still needs payment, oldest first. */
export async function patientsWithDueAppointments(db: Db | Tx, practice: PracticeId) {
  return db
    .select({ ...patientColumns, startsAt: appointments.startsAt, amountDue: appointments.amountDue })
    .from(appointments)
    .innerJoin(patients, samePractice(patients, appointments, eq(patients.id, appointments.patientId)))
    .leftJoin(customers, customerJoin)
    .leftJoin(clinics, clinicJoin)
    .where(
      inPractice(
        appointments,
        practice,
        eq(appointments.status, 'COMPLETE'),
        eq(appointments.requiresPayment, true),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(APPOINTMENTS_LIMIT);
}

/** The patient with this patient number, with their customer and clinic. */
export async function findPatient(
  db: Db | Tx,
  practice: PracticeId,
  key: number,
): Promise<PatientRow | null> {
  const [row] = await patientsWhere(db, practice, {}, eq(patients.patNum, key));
  return row ?? null;
}

/**
 * The practice's patients with this last name, e-mail or mobile number (any of them; blank ones are
 * not asked), with their customer: who may have made an unassociated payment.
 */
export async function patientsNamedOrReached(
  db: Db | Tx,
  practice: PracticeId,
  payer: { lastName: string; email: string; cell: string },
  limit: number,
): Promise<PatientRow[]> {
  const any = [
    payer.lastName ? sql`lower(${patients.lastName}) = ${payer.lastName.toLowerCase()}` : undefined,
    payer.email ? sql`lower(${patients.email}) = ${payer.email.toLowerCase()}` : undefined,
    payer.cell ? eq(patients.cell, payer.cell) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (any.length === 0) return [];
  return patientsWhere(db, practice, {}, or(...any)).limit(limit);
}

/**
 * The patients of a patient's family (everyone with their guarantor), the guarantor first, then by
 * patient number; empty when the practice has no such patient.
 */
export async function familyOf(db: Db | Tx, practice: PracticeId, key: number): Promise<PatientRow[]> {
  const patient = await findPatient(db, practice, key);
  if (!patient) return [];
  return patientsWhere(db, practice, {}, eq(patients.guarantorPatNum, patient.guarantorId)).orderBy(
    sql`${patients.patNum} = ${patients.guarantorPatNum} desc`,
    asc(patients.patNum),
  );
}

/** The name on the patient's record, for their picture. */
export async function findPatientName(db: Db | Tx, practice: PracticeId, key: number) {
  const [row] = await db
    .select({ patNum: patients.patNum, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(inPractice(patients, practice, eq(patients.patNum, key)));
  return row ?? null;
}

export interface NewPatient {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  zip: string;
  clinicNum: number;
  /** The guarantor's patient number; the new patient is their own guarantor without one. */
  guarantorPatNum: number | null;
  createdAt: Date;
}

/**
 * Serialises new patient numbers within a practice until the transaction ends (PGlite runs one
 * transaction at a time anyway).
 */
export async function lockPatientNumbers(tx: Tx, practice: PracticeId) {
  await tx.execute(sql`select pg_advisory_xact_lock(${practice})`);
}

/** The patient number of one of the practice's patients, or null. */
export async function patientNumberOf(
  db: Db | Tx,
  practice: PracticeId,
  key: number,
): Promise<number | null> {
  const [row] = await db
    .select({ patNum: patients.patNum })
    .from(patients)
    .where(inPractice(patients, practice, eq(patients.patNum, key)));
  return row?.patNum ?? null;
}

/** Adds a patient to the practice system's record with the next patient number; answers it. */
export async function insertPatient(tx: Tx, practice: PracticeId, patient: NewPatient): Promise<number> {
  const [{ next } = { next: 1001 }] = await tx
    .select({ next: sql<number>`coalesce(max(${patients.patNum}), 1000) + 1` })
    .from(patients)
    .where(inPractice(patients, practice));
  await tx.insert(patients).values({
    companyId: practice,
    patNum: next,
    firstName: patient.firstName,
    lastName: patient.lastName,
    email: patient.email,
    cell: patient.cell,
    zip: patient.zip,
    clinicNum: patient.clinicNum,
    guarantorPatNum: patient.guarantorPatNum ?? next,
    createdAt: patient.createdAt,
  });
  return next;
}

/** Brings a patient into Chairside: their customer, with their guarantor's customer when there is one. */
export async function ensureCustomer(tx: Tx, practice: PracticeId, key: number): Promise<boolean> {
  const [patient] = await tx
    .select()
    .from(patients)
    .where(inPractice(patients, practice, eq(patients.patNum, key)));
  if (!patient) return false;
  const [guarantor] =
    patient.guarantorPatNum !== patient.patNum
      ? await tx
          .select({ id: customers.id })
          .from(customers)
          .where(inPractice(customers, practice, eq(customers.patientKey, patient.guarantorPatNum)))
      : [];
  await tx
    .insert(customers)
    .values({
      companyId: practice,
      patientId: patient.id,
      patientKey: patient.patNum,
      firstName: patient.firstName,
      lastName: patient.lastName,
      email: patient.email,
      cell: patient.cell,
      zip: patient.zip,
      clinicNum: patient.clinicNum,
      guarantorId: guarantor?.id ?? null,
    })
    .onConflictDoNothing();
  return true;
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  /** Left as it is when empty. */
  zip: string;
  /** Left as it is when absent. */
  clinicNum?: number;
}

/** Writes the profile to the practice system's record and to the customer (call it in one transaction). */
export async function writeProfile(tx: Tx, practice: PracticeId, key: number, input: ProfileValues) {
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    cell: input.cell,
    ...(input.zip !== '' ? { zip: input.zip } : {}),
    ...(input.clinicNum !== undefined ? { clinicNum: input.clinicNum } : {}),
  };
  await tx
    .update(patients)
    .set(values)
    .where(inPractice(patients, practice, eq(patients.patNum, key)));
  await tx
    .update(customers)
    .set(values)
    .where(inPractice(customers, practice, eq(customers.patientKey, key)));
}

// ── Customers ────────────────────────────────────────────────────────────────────────────────

const customerSearchColumns = {
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  cell: customers.cell,
  patNum: customers.patientKey,
};

/** Customers matching the term (the same search as the patients'), by name. */
export async function searchCustomers(db: Db | Tx, practice: PracticeId, term: string) {
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(customers)
    .where(inPractice(customers, practice, matchSearchTerm(term, customerSearchColumns)))
    .orderBy(asc(customers.lastName), asc(customers.firstName))
    .limit(SEARCH_LIMIT);
}

/** One of the practice's customers; null for another practice's (as for one that does not exist). */
export async function findCustomer(
  db: Db | Tx,
  practice: PracticeId,
  customerId: number,
): Promise<CustomerRecord | null> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(inPractice(customers, practice, eq(customers.id, customerId)));
  return customer ?? null;
}

/**
 * The family of each of these customers of the practice: their guarantor's patient number, or null
 * for a customer without a patient record. A customer of another practice is absent.
 */
export async function guarantorsOfCustomers(
  db: Db | Tx,
  practice: PracticeId,
  customerIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, guarantorPatNum: patients.guarantorPatNum })
    .from(customers)
    .leftJoin(patients, samePractice(patients, customers, eq(patients.patNum, customers.patientKey)))
    .where(inPractice(customers, practice, inArray(customers.id, [...customerIds])));
  return new Map(rows.map((r) => [r.id, r.guarantorPatNum ?? null]));
}

/** The patient number behind one of the practice's customers (null when it has none); null when there is no such customer. */
export async function findCustomerKey(
  db: Db | Tx,
  practice: PracticeId,
  customerId: number,
): Promise<{ patientKey: number | null } | null> {
  const [customer] = await db
    .select({ patientKey: customers.patientKey })
    .from(customers)
    .where(inPractice(customers, practice, eq(customers.id, customerId)));
  return customer ?? null;
}

export interface CustomerSummary {
  patientKey: number | null;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}

/** A customer's id and summary, as customerSummaries and customersByPatientKeys read them. */
const summaryColumns = {
  id: customers.id,
  patientKey: customers.patientKey,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  cell: customers.cell,
};

/** The names and contacts of these customers of the practice, by id (for lists of other records). */
export async function customerSummaries(
  db: Db | Tx,
  practice: PracticeId,
  customerIds: readonly number[],
): Promise<Map<number, CustomerSummary>> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(customers)
    .where(inPractice(customers, practice, inArray(customers.id, ids)));
  return new Map(rows.map(({ id, ...summary }) => [id, summary]));
}

/**
 * Locks the customer's row until the transaction ends: writes that must not interleave for one
 * customer (their default card) take it first.
 */
export async function lockCustomer(tx: Tx, practice: PracticeId, customerId: number) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(inPractice(customers, practice, eq(customers.id, customerId)))
    .for('update');
}

/**
 * The ids of the practice's customers whose name, e-mail, phone or patient number matches the term,
 * as a subquery for another record's `customer_id in (…)` (lists searched by patient).
 */
export function customersMatching(db: Db | Tx, practice: PracticeId, term: string) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(inPractice(customers, practice, matchSearchTerm(term, customerSearchColumns)));
}

/** The ids of the practice's customers with this patient number, as a subquery (see customersMatching). */
export function customersWithPatientKey(db: Db | Tx, practice: PracticeId, key: number) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(inPractice(customers, practice, eq(customers.patientKey, key)));
}

/** The practice's customers behind these patient numbers, by patient number (a patient without one is absent). */
export async function customersByPatientKeys(
  db: Db | Tx,
  practice: PracticeId,
  keys: readonly number[],
): Promise<Map<number, CustomerSummary & { id: number }>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(customers)
    .where(inPractice(customers, practice, inArray(customers.patientKey, unique)));
  return new Map(rows.map((r) => [r.patientKey!, r]));
}

/** Each of these patients of the practice (by patients.id) with their number and their customer, if any. */
export async function patientsWithCustomers(
  db: Db | Tx,
  practice: PracticeId,
  patientIds: readonly number[],
): Promise<Map<number, { patNum: number; customerId: number | null; firstName: string; lastName: string }>> {
  const unique = [...new Set(patientIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: patients.id,
      patNum: patients.patNum,
      customerId: customers.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
    })
    .from(patients)
    .leftJoin(customers, samePractice(customers, patients, eq(customers.patientKey, patients.patNum)))
    .where(inPractice(patients, practice, inArray(patients.id, unique)));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/**
 * The practice's patients with these patient numbers, with their customer if they have one (a
 * number the practice does not have is absent): a list pasted from the practice system, checked.
 */
export async function patientsByNumbers(
  db: Db | Tx,
  practice: PracticeId,
  keys: readonly number[],
): Promise<Map<number, { customerId: number | null; firstName: string; lastName: string }>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      patNum: patients.patNum,
      customerId: customers.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
    })
    .from(patients)
    .leftJoin(customers, customerJoin)
    .where(inPractice(patients, practice, inArray(patients.patNum, unique)));
  return new Map(rows.map(({ patNum, ...r }) => [patNum, r]));
}
