/**
 * What the procedure allocation modal reads (part 2, "Procedure allocation modal"; section 7's
 * getProceduresDue and treatmentplans): a patient's procedures with their Est. Due, their treatment
 * plans, and their family. Open Dental practices with doesAllocateProcedures only: elsewhere every
 * call answers why allocation is unavailable (the words the entry points show).
 */
import type * as contract from '../../embed-sdk/contract/allocation.js';
import { allocationUnavailable } from '../../embed-sdk/contract/allocation.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError, UnavailableError } from '../errors.js';
import { familyOf } from '../patients/store.js';
import { proceduresDue, treatmentPlans } from '../practice-system/allocation.js';

/** Throws the reason allocation is unavailable to the practice; returns when it is available. */
export async function requireAllocation(ctx: AppContext, practice: PracticeId): Promise<void> {
  const company = await ctx.companies.get(practice);
  const reason = allocationUnavailable({
    gatewayCode: company?.gatewayCode ?? null,
    doesAllocateProcedures: company?.doesAllocateProcedures ?? false,
  });
  if (reason) throw new UnavailableError(reason);
}

/** The patient numbers asked for: the patient, or with `family` everyone with their guarantor. */
async function patientsAsked(ctx: AppContext, practice: PracticeId, patNum: number, family: boolean) {
  const members = await familyOf(ctx.db, practice, patNum);
  if (members.length === 0) throw new NotFoundError('The patient');
  return family ? members.map((m) => m.key) : [patNum];
}

export async function proceduresDueOf(
  ctx: AppContext,
  practice: PracticeId,
  request: { patNum: number; family: boolean },
): Promise<contract.Procedure[]> {
  await requireAllocation(ctx, practice);
  return proceduresDue(ctx.db, practice, await patientsAsked(ctx, practice, request.patNum, request.family));
}

export async function treatmentPlansOf(
  ctx: AppContext,
  practice: PracticeId,
  request: { patNum: number; family: boolean },
): Promise<contract.TreatmentPlan[]> {
  await requireAllocation(ctx, practice);
  return treatmentPlans(ctx.db, practice, await patientsAsked(ctx, practice, request.patNum, request.family));
}

export async function familyMembers(
  ctx: AppContext,
  practice: PracticeId,
  patNum: number,
): Promise<contract.FamilyMember[]> {
  await requireAllocation(ctx, practice);
  const members = await familyOf(ctx.db, practice, patNum);
  if (members.length === 0) throw new NotFoundError('The patient');
  return members.map((m) => ({
    key: m.key,
    customerId: m.customerId,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    isGuarantor: m.key === m.guarantorId,
  }));
}
