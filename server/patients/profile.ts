/**
 * The patient form: bringing a patient into Chairside (a new one, for Open Dental practices, or an
 * existing one of the practice system), changing their profile, and reading one customer. A profile
 * is written to the practice system's record and to the customer in one transaction.
 */
import type * as contract from '../../embed-sdk/contract/patient.js';
import type { Role } from '../../embed-sdk/contract/common.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { changesProfile, CLINIC_REFUSAL, clinicFor, mayEditPatients } from '../domain/patients/profile.js';
import { BusinessError, ForbiddenError, NotFoundError } from '../errors.js';
import { findPractice } from '../practices/store.js';
import {
  clinicsOf,
  ensureCustomer,
  findCustomerKey,
  findPatient,
  insertPatient,
  lockPatientNumbers,
  patientNumberOf,
  writeProfile,
  type ProfileValues,
} from './store.js';
import { toCustomer, toPatient } from './view.js';

type Editor = { isAdmin: boolean; roles: ReadonlySet<Role> };
type PatientForm = ProfileValues & { key?: number; guarantorId?: number };

/** The clinic asked for, which must be one of the practice's; the headquarters without one. */
async function clinicOf(db: AppContext['db'] | Tx, practice: PracticeId, requested: number | undefined) {
  const clinic = clinicFor(await clinicsOf(db, practice), requested);
  if (clinic === null) throw new BusinessError(CLINIC_REFUSAL);
  return clinic;
}

async function customerOfKey(ctx: AppContext, practice: PracticeId, key: number): Promise<contract.Customer> {
  return toCustomer(toPatient((await findPatient(ctx.db, practice, key))!));
}

async function bringIn(tx: Tx, practice: PracticeId, key: number) {
  if (!(await ensureCustomer(tx, practice, key))) throw new NotFoundError('The patient');
}

/** A new patient of an Open Dental practice, in the practice system and in Chairside; answers the patient number. */
async function addPatient(ctx: AppContext, practice: PracticeId, input: PatientForm): Promise<number> {
  const company = await findPractice(ctx.db, practice);
  if (company?.gatewayCode !== 'OPENDENTAL') {
    throw new BusinessError('New patients can be added here only for Open Dental practices.');
  }
  return ctx.db.transaction(async (tx) => {
    await lockPatientNumbers(tx, practice);
    const clinicNum = await clinicOf(tx, practice, input.clinicNum);
    let guarantorPatNum: number | null = null;
    if (input.guarantorId !== undefined) {
      guarantorPatNum = await patientNumberOf(tx, practice, input.guarantorId);
      if (guarantorPatNum === null) throw new NotFoundError('The guarantor');
    }
    const key = await insertPatient(tx, practice, {
      ...input,
      clinicNum,
      guarantorPatNum,
      createdAt: ctx.clock.now(),
    });
    await bringIn(tx, practice, key);
    return key;
  });
}

/**
 * The form's "transition": without a patient number, a new patient (an editing role); with one, the
 * practice system's patient becomes a customer, and their profile changes when the form changes it
 * (an editing role then).
 */
export async function openPatient(
  ctx: AppContext,
  practice: PracticeId,
  editor: Editor,
  input: PatientForm,
): Promise<contract.Customer> {
  if (input.key === undefined) {
    if (!mayEditPatients(editor)) throw new ForbiddenError('Adding a patient needs an editing role.');
    return customerOfKey(ctx, practice, await addPatient(ctx, practice, input));
  }
  const key = input.key;
  const current = await findPatient(ctx.db, practice, key);
  if (!current) throw new NotFoundError('The patient');
  const changing = changesProfile(current, input);
  if (changing && !mayEditPatients(editor)) {
    throw new ForbiddenError('Changing a patient needs an editing role.');
  }
  if (input.clinicNum !== undefined) await clinicOf(ctx.db, practice, input.clinicNum);
  await ctx.db.transaction(async (tx) => {
    await bringIn(tx, practice, key);
    if (changing) await writeProfile(tx, practice, key, input);
  });
  return customerOfKey(ctx, practice, key);
}

/** Changes a customer's profile, in the practice system's record too. */
export async function updateCustomer(
  ctx: AppContext,
  practice: PracticeId,
  input: ProfileValues & { id: number },
): Promise<contract.Customer> {
  const customer = await findCustomerKey(ctx.db, practice, input.id);
  if (!customer) throw new NotFoundError('The patient');
  if (customer.patientKey === null) {
    throw new BusinessError('This customer has no record in the practice system to update.');
  }
  const key = customer.patientKey;
  if (input.clinicNum !== undefined) await clinicOf(ctx.db, practice, input.clinicNum);
  await ctx.db.transaction((tx) => writeProfile(tx, practice, key, input));
  return customerOfKey(ctx, practice, key);
}

export async function customerView(
  ctx: AppContext,
  practice: PracticeId,
  customerId: number,
): Promise<contract.Customer> {
  const customer = await findCustomerKey(ctx.db, practice, customerId);
  if (!customer?.patientKey) throw new NotFoundError('The patient');
  const patient = await findPatient(ctx.db, practice, customer.patientKey);
  if (!patient) throw new NotFoundError('The patient');
  return toCustomer(toPatient(patient));
}
