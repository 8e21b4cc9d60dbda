/**
 * Patient search and the patient form's calls. The search is a prefix search served by the
 * btree indexes on (company_id, lower(name) text_pattern_ops) and friends; on 100,000 patients the
 * planner answers with bitmap index scans (see the bench for the plan and the timing).
 */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/patient.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { appointments, clinics, companies, customers, patients } from '../../db/schema/index.js';
import { matchSearchTerm } from '../../db/searchTerm.js';
import { likePrefix, parseSearchTerm } from '../../domain/patients/searchTerm.js';
import { avatarSvg, hasAvatar } from '../../patients/avatar.js';
import type { Caller } from '../caller.js';
import { BusinessError, ForbiddenError, NotFoundError } from '../../errors.js';
import { defineRoute, practiceOf } from '../route.js';

const SEARCH_LIMIT = 50;
const ROUTER_NAME = 'CustomerIndex';
const canEdit = (caller: Caller) =>
  caller.isAdmin || contract.PATIENT_EDIT_ROLES.some((r) => caller.roles.has(r));

const matchTerm = (raw: string) =>
  matchSearchTerm(raw, {
    firstName: patients.firstName,
    lastName: patients.lastName,
    email: patients.email,
    cell: patients.cell,
    patNum: patients.patNum,
  });

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
  clinicDescription: clinics.description,
};

type PatientRow = {
  key: number;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  zip: string;
  clinicNum: number;
  guarantorId: number;
  clinicDescription: string | null;
};

function toPatient(row: PatientRow, appointment: contract.Patient['appointment'] = null): contract.Patient {
  return {
    key: row.key,
    id: row.customerId,
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    cell: row.cell,
    zip: row.zip,
    clinicNum: row.clinicNum,
    guarantorId: row.guarantorId,
    clinicDescription: row.clinicDescription ?? 'Headquarters',
    routerName: ROUTER_NAME,
    hasAvatar: hasAvatar(row.key),
    appointment,
  };
}

async function clinicCount(db: Db, companyId: number) {
  const [row] = await db.select({ n: count() }).from(clinics).where(eq(clinics.companyId, companyId));
  return row?.n ?? 0;
}

/** The practice's clinic count as a column of each row: one statement where a search needs both. */
const clinicCountColumn = (companyId: number) =>
  sql<number>`(select count(*) from ${clinics} where ${clinics.companyId} = ${companyId})`.mapWith(Number);

function patientQuery(db: Db | Tx, companyId: number) {
  return patientQueryWith(db, companyId, {});
}

function patientQueryWith<X extends Record<string, SQL.Aliased | SQL>>(
  db: Db | Tx,
  companyId: number,
  extra: X,
) {
  return db
    .select({ ...patientColumns, ...extra })
    .from(patients)
    .leftJoin(
      customers,
      and(eq(customers.companyId, patients.companyId), eq(customers.patientKey, patients.patNum)),
    )
    .leftJoin(
      clinics,
      and(eq(clinics.companyId, patients.companyId), eq(clinics.clinicNum, patients.clinicNum)),
    )
    .$dynamic()
    .where(eq(patients.companyId, companyId));
}

async function findPatient(db: Db | Tx, companyId: number, key: number): Promise<contract.Patient | null> {
  const [row] = await patientQuery(db, companyId).where(
    and(eq(patients.companyId, companyId), eq(patients.patNum, key)),
  );
  return row ? toPatient(row) : null;
}

function toCustomer(p: contract.Patient): contract.Customer {
  if (p.customerId === null) throw new Error('expected a customer');
  const { appointment: _appointment, ...rest } = p;
  return { ...rest, id: p.customerId, customerId: p.customerId };
}

async function resolveClinic(db: Db | Tx, companyId: number, clinicNum: number | undefined) {
  const rows = await db
    .select({ clinicNum: clinics.clinicNum, isHeadquarters: clinics.isHeadquarters })
    .from(clinics)
    .where(eq(clinics.companyId, companyId))
    .orderBy(asc(clinics.clinicNum));
  if (clinicNum === undefined) return (rows.find((c) => c.isHeadquarters) ?? rows[0])?.clinicNum ?? 0;
  if (!rows.some((c) => c.clinicNum === clinicNum))
    throw new BusinessError('Choose one of the practice’s clinics.');
  return clinicNum;
}

type PatientInput = {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  zip: string;
  clinicNum?: number;
};

const changes = (current: contract.Patient, input: PatientInput) =>
  current.firstName !== input.firstName ||
  current.lastName !== input.lastName ||
  current.email !== input.email ||
  current.cell !== input.cell ||
  (input.zip !== '' && current.zip !== input.zip) ||
  (input.clinicNum !== undefined && current.clinicNum !== input.clinicNum);

/** Writes the profile to the practice system's record and to the customer, in one transaction. */
async function writeProfile(tx: Tx, companyId: number, key: number, input: PatientInput) {
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
    .where(and(eq(patients.companyId, companyId), eq(patients.patNum, key)));
  await tx
    .update(customers)
    .set(values)
    .where(and(eq(customers.companyId, companyId), eq(customers.patientKey, key)));
}

async function ensureCustomer(tx: Tx, companyId: number, key: number) {
  const [patient] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.patNum, key)));
  if (!patient) throw new NotFoundError('The patient');
  const [guarantor] =
    patient.guarantorPatNum !== patient.patNum
      ? await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.patientKey, patient.guarantorPatNum)))
      : [];
  await tx
    .insert(customers)
    .values({
      companyId,
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
}

async function createPatient(
  ctx: AppContext,
  companyId: number,
  input: PatientInput & { guarantorId?: number },
) {
  const [company] = await ctx.db
    .select({ gatewayCode: companies.gatewayCode })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company?.gatewayCode !== 'OPENDENTAL') {
    throw new BusinessError('New patients can be added here only for Open Dental practices.');
  }
  return ctx.db.transaction(async (tx) => {
    // Serialise new patient numbers within a practice (PGlite runs one transaction at a time anyway).
    await tx.execute(sql`select pg_advisory_xact_lock(${companyId})`);
    const clinicNum = await resolveClinic(tx, companyId, input.clinicNum);
    let guarantorPatNum: number | null = null;
    if (input.guarantorId !== undefined) {
      const [g] = await tx
        .select({ patNum: patients.patNum })
        .from(patients)
        .where(and(eq(patients.companyId, companyId), eq(patients.patNum, input.guarantorId)));
      if (!g) throw new NotFoundError('The guarantor');
      guarantorPatNum = g.patNum;
    }
    const [{ next } = { next: 1001 }] = await tx
      .select({ next: sql<number>`coalesce(max(${patients.patNum}), 1000) + 1` })
      .from(patients)
      .where(eq(patients.companyId, companyId));
    await tx.insert(patients).values({
      companyId,
      patNum: next,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      cell: input.cell,
      zip: input.zip,
      clinicNum,
      guarantorPatNum: guarantorPatNum ?? next,
      createdAt: ctx.clock.now(),
    });
    await ensureCustomer(tx, companyId, next);
    return next;
  });
}

export const patientRoutes = [
  defineRoute(contract.searchPatient, { access: 'member' }, async ({ ctx, caller, query }) => {
    const companyId = practiceOf(caller);
    const filters = [eq(patients.companyId, companyId), matchTerm(query.name)];
    if (query.clinicNum !== undefined && query.clinicNum !== contract.EVERY_CLINIC) {
      filters.push(eq(patients.clinicNum, query.clinicNum));
    }
    // The clinic count comes with the rows (one statement instead of two: the search is on the
    // widget's first view); a search that finds no one asks for it on its own.
    const rows = await patientQueryWith(ctx.db, companyId, { clinicCount: clinicCountColumn(companyId) })
      .where(and(...filters))
      .orderBy(
        asc(sql`lower(${patients.lastName})`),
        asc(sql`lower(${patients.firstName})`),
        asc(patients.patNum),
      )
      .limit(SEARCH_LIMIT);
    const clinicTotal = rows[0]?.clinicCount ?? (await clinicCount(ctx.db, companyId));
    return { patients: rows.map((r) => toPatient(r)), clinicCount: clinicTotal };
  }),

  defineRoute(contract.patientsInPractice, { access: 'member' }, async ({ ctx, caller }) => {
    const companyId = practiceOf(caller);
    const rows = await ctx.db
      .select({ ...patientColumns, startsAt: appointments.startsAt, amountDue: appointments.amountDue })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .leftJoin(
        customers,
        and(eq(customers.companyId, patients.companyId), eq(customers.patientKey, patients.patNum)),
      )
      .leftJoin(
        clinics,
        and(eq(clinics.companyId, patients.companyId), eq(clinics.clinicNum, patients.clinicNum)),
      )
      .where(
        and(
          eq(appointments.companyId, companyId),
          eq(appointments.status, 'COMPLETE'),
          eq(appointments.requiresPayment, true),
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(100);
    return {
      patients: rows.map((r) => toPatient(r, { startsAt: r.startsAt.toISOString(), amountDue: r.amountDue })),
      clinicCount: await clinicCount(ctx.db, companyId),
    };
  }),

  defineRoute(contract.getAvatar, { access: 'member' }, async ({ ctx, caller, query }) => {
    const companyId = practiceOf(caller);
    const [patient] = await ctx.db
      .select({ patNum: patients.patNum, firstName: patients.firstName, lastName: patients.lastName })
      .from(patients)
      .where(and(eq(patients.companyId, companyId), eq(patients.patNum, query.id)));
    if (!patient || !hasAvatar(patient.patNum)) throw new NotFoundError('The patient’s picture');
    return { raw: Buffer.from(avatarSvg(patient)), contentType: 'image/svg+xml' };
  }),

  defineRoute(contract.transition, { access: 'member' }, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    if (body.key === undefined) {
      if (!canEdit(caller)) throw new ForbiddenError('Adding a patient needs an editing role.');
      const key = await createPatient(ctx, companyId, body);
      return toCustomer((await findPatient(ctx.db, companyId, key))!);
    }
    const key = body.key;
    const current = await findPatient(ctx.db, companyId, key);
    if (!current) throw new NotFoundError('The patient');
    const changing = changes(current, body);
    if (changing && !canEdit(caller)) throw new ForbiddenError('Changing a patient needs an editing role.');
    if (body.clinicNum !== undefined) await resolveClinic(ctx.db, companyId, body.clinicNum);
    await ctx.db.transaction(async (tx) => {
      await ensureCustomer(tx, companyId, key);
      if (changing) await writeProfile(tx, companyId, key, body);
    });
    return toCustomer((await findPatient(ctx.db, companyId, key))!);
  }),

  defineRoute(
    contract.update,
    { access: { anyRole: [...contract.PATIENT_EDIT_ROLES] } },
    async ({ ctx, caller, body }) => {
      const companyId = practiceOf(caller);
      const [customer] = await ctx.db
        .select({ patientKey: customers.patientKey })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, body.id)));
      if (!customer) throw new NotFoundError('The patient');
      if (customer.patientKey === null) {
        throw new BusinessError('This customer has no record in the practice system to update.');
      }
      const key = customer.patientKey;
      if (body.clinicNum !== undefined) await resolveClinic(ctx.db, companyId, body.clinicNum);
      await ctx.db.transaction((tx) => writeProfile(tx, companyId, key, body));
      return toCustomer((await findPatient(ctx.db, companyId, key))!);
    },
  ),

  defineRoute(contract.getCustomer, { access: 'member' }, async ({ ctx, caller, query }) => {
    const companyId = practiceOf(caller);
    const [customer] = await ctx.db
      .select({ patientKey: customers.patientKey })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, query.id)));
    if (!customer?.patientKey) throw new NotFoundError('The patient');
    const patient = await findPatient(ctx.db, companyId, customer.patientKey);
    if (!patient) throw new NotFoundError('The patient');
    return toCustomer(patient);
  }),

  defineRoute(contract.searchCustomer, { access: 'member' }, async ({ ctx, caller, query }) => {
    const companyId = practiceOf(caller);
    const term = parseSearchTerm(query.name);
    const prefix = term.kind === 'name' || term.kind === 'email' ? term.prefix : null;
    const nameFilter =
      term.kind === 'fullName'
        ? and(
            ilike(customers.firstName, likePrefix(term.first)),
            ilike(customers.lastName, likePrefix(term.last)),
          )
        : or(
            ilike(customers.lastName, likePrefix(prefix ?? query.name)),
            ilike(customers.firstName, likePrefix(prefix ?? query.name)),
            ilike(customers.email, likePrefix(prefix ?? query.name)),
          );
    const rows = await ctx.db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
      })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), nameFilter))
      .orderBy(asc(customers.lastName), asc(customers.firstName))
      .limit(SEARCH_LIMIT);
    return rows;
  }),
];
