/**
 * New Dentist: sets up a practice (its profile, practice system, clinics and processor account) and
 * invites its first user, who gets every role there, in one transaction with its audit entry: a
 * practice is never left half made, nor a person invited to a practice that failed.
 */
import type { z } from 'zod';
import type { createCompany } from '../../../embed-sdk/contract/admin.js';
import { ALL_ROLES } from '../../../embed-sdk/contract/common.js';
import type { AppContext } from '../../context.js';
import { clinics, companies } from '../../db/schema/index.js';
import { asPracticeId } from '../../db/scope.js';
import { storedPhone } from '../../../embed-sdk/contract/patient.js';
import { recordAudit, type AuditActor } from '../audit.js';
import { createInvitedUser } from '../users/store.js';

export type NewPractice = z.output<(typeof createCompany)['body']>;

/**
 * The clinics' numbers as the practice systems number them: a practice with one location has no
 * clinics (clinic 0, the headquarters); with several, they are 1, 2, 3… and the first is the
 * headquarters.
 */
export function clinicNumbers(count: number): number[] {
  return count === 1 ? [0] : Array.from({ length: count }, (_, i) => i + 1);
}

export async function createPractice(ctx: AppContext, actor: AuditActor, practice: NewPractice) {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: practice.name,
        phone: storedPhone(practice.phone),
        gatewayCode: practice.gatewayCode,
        state: practice.state,
        ...practice.gateway,
        hasSurcharging: practice.hasSurcharging,
        surchargeRateBps: practice.surchargeRateBps,
        // Procedure allocation is Open Dental's (part 2), on from the start there.
        doesAllocateProcedures: practice.gatewayCode === 'OPENDENTAL',
        createdAt: now,
      })
      .returning({ id: companies.id });
    const companyId = company!.id;
    const numbers = clinicNumbers(practice.clinics.length);
    await tx.insert(clinics).values(
      practice.clinics.map((description, i) => ({
        companyId,
        clinicNum: numbers[i]!,
        description,
        isHeadquarters: i === 0,
      })),
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'company.create',
        companyId,
        targetType: 'company',
        targetId: companyId,
        after: {
          name: practice.name,
          gatewayCode: practice.gatewayCode,
          state: practice.state,
          clinics: practice.clinics,
          ...practice.gateway,
          hasSurcharging: practice.hasSurcharging,
          surchargeRateBps: practice.surchargeRateBps,
        },
      },
      now,
    );
    const userId = await createInvitedUser(
      ctx,
      tx,
      actor,
      practice.firstUser,
      { companyId, roles: [...ALL_ROLES] },
      'body.firstUser.email',
    );
    return { companyId, userId };
  });
  ctx.companies.forget(asPracticeId(result.companyId));
  return result;
}
