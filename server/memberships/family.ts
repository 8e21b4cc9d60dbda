/**
 * New Membership's family: the holder's family to offer as enrollees (memberships' own read of
 * patients/, which needs no procedure allocation, unlike allocation's family), and the customer of a
 * family member added to the enrolment, made from their patient record when they have none yet.
 */
import type * as contract from '../../embed-sdk/contract/membership.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';
import { customerOrNotFound } from '../patients/customers.js';
import { ensureCustomer, familyOf } from '../patients/store.js';

/** The holder's family, the guarantor first; the holder alone when they have no patient record. */
export async function membershipFamily(
  ctx: AppContext,
  practice: PracticeId,
  customerId: number,
): Promise<contract.MembershipFamilyMember[]> {
  const holder = await customerOrNotFound(ctx, practice, customerId);
  const members = holder.patientKey === null ? [] : await familyOf(ctx.db, practice, holder.patientKey);
  if (members.length === 0) {
    return [
      {
        key: holder.patientKey ?? 0,
        customerId: holder.id,
        firstName: holder.firstName,
        lastName: holder.lastName,
        isGuarantor: true,
        isHolder: true,
      },
    ];
  }
  return members.map((m) => ({
    key: m.key,
    customerId: m.customerId,
    firstName: m.firstName,
    lastName: m.lastName,
    isGuarantor: m.key === m.guarantorId,
    isHolder: m.customerId === holder.id,
  }));
}

/** The customer of a patient of the holder's family; a patient outside it answers as not found. */
export async function familyMemberCustomer(
  ctx: AppContext,
  practice: PracticeId,
  input: { customerId: number; patientKey: number },
) {
  const holder = await customerOrNotFound(ctx, practice, input.customerId);
  if (holder.patientKey === null) throw new NotFoundError('The family member');
  return ctx.db.transaction(async (tx) => {
    const inFamily = (await familyOf(tx, practice, holder.patientKey!)).some(
      (m) => m.key === input.patientKey,
    );
    if (!inFamily) throw new NotFoundError('The family member');
    await ensureCustomer(tx, practice, input.patientKey);
    const member = (await familyOf(tx, practice, holder.patientKey!)).find((m) => m.key === input.patientKey);
    if (!member?.customerId) throw new NotFoundError('The family member');
    return { id: member.customerId, firstName: member.firstName, lastName: member.lastName };
  });
}
