/**
 * A practice's profile and settings as an administrator edits them on its page: its name and phone
 * (as patients see them), procedure allocation (Open Dental's alone), how many days before a
 * membership ends its notice goes, and the BCC of system e-mails. Audited in the change's
 * transaction; every instance's copy of the practice is told.
 */
import { eq } from 'drizzle-orm';
import { storedPhone } from '../../../embed-sdk/contract/patient.js';
import type { AppContext } from '../../context.js';
import { companies } from '../../db/schema/index.js';
import { asPracticeId } from '../../db/scope.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { changedFields, recordAudit, type AuditActor } from '../audit.js';
import { practiceProfile } from './store.js';

export interface ProfileChange {
  id: number;
  name: string;
  phone: string;
  doesAllocateProcedures: boolean;
  membershipDays: number;
  bccOnSystemEmail: boolean;
}

export async function saveProfile(ctx: AppContext, actor: AuditActor, change: ProfileChange) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, change.id)).for('update');
    if (!company) throw new NotFoundError('The practice');
    if (change.doesAllocateProcedures && company.gatewayCode !== 'OPENDENTAL') {
      throw new BadRequestError(
        'body.doesAllocateProcedures',
        'Procedure allocation is available only when the practice management system is Open Dental.',
      );
    }
    const next = {
      name: change.name,
      phone: storedPhone(change.phone),
      doesAllocateProcedures: change.doesAllocateProcedures,
      membershipDays: change.membershipDays,
      bccOnSystemEmail: change.bccOnSystemEmail,
    };
    const diff = changedFields(
      {
        name: company.name,
        phone: company.phone,
        doesAllocateProcedures: company.doesAllocateProcedures,
        membershipDays: company.membershipDays,
        bccOnSystemEmail: company.bccOnSystemEmail,
      },
      next,
    );
    if (Object.keys(diff.after).length === 0) return;
    await tx.update(companies).set(next).where(eq(companies.id, change.id));
    await recordAudit(
      tx,
      actor,
      { action: 'company.update', companyId: change.id, targetType: 'company', targetId: change.id, ...diff },
      now,
    );
  });
  ctx.companies.forget(asPracticeId(change.id));
  return (await practiceProfile(ctx.db, change.id, now))!;
}
