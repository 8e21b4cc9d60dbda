/**
 * A change to a practice's own row, wherever it is made: by its managers in Settings (its details,
 * allocation and memberships) or by an administrator on its page in the admin area (its profile).
 * One function locks the row, applies the rules that span fields, writes only what changed and
 * records it in the audit log in the same transaction; every instance's copy of the practice is told.
 */
import { eq } from 'drizzle-orm';
import { storedPhone } from '../../embed-sdk/contract/patient.js';
import type { PracticeSettings } from '../../embed-sdk/contract/practiceSettings.js';
import { changedFields, recordAudit, type AuditActor } from '../admin/audit.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { companies } from '../db/schema/practices.js';
import { asPracticeId } from '../db/scope.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { findPractice, type PracticeRecord } from './store.js';

/** The fields of the practice's row that Settings and the admin area's profile change. */
export interface PracticeFields {
  name: string;
  phone: string;
  /** '' for no copy. */
  bccEmail: string;
  supportName: string;
  supportEmail: string;
  timeZone: string;
  doesAllocateProcedures: boolean;
  membershipDays: number;
}

/** The practice's row as these fields (the audit log compares them). */
function fieldsOf(row: PracticeRecord): PracticeFields {
  return {
    name: row.name,
    phone: row.phone,
    bccEmail: row.bccEmail ?? '',
    supportName: row.supportName,
    supportEmail: row.supportEmail,
    timeZone: row.timeZone,
    doesAllocateProcedures: row.doesAllocateProcedures,
    membershipDays: row.membershipDays,
  };
}

/** How a change is recorded: the admin area's 'company.update', or one of Settings' sections. */
export interface ChangeRecord {
  action: string;
  targetType: string;
  targetId: string | number;
}

/**
 * Applies `patch` to the practice's row. Refuses, naming the field, what the fields' own schemas
 * cannot know: allocation needs Open Dental. Nothing is written when nothing changed.
 */
export async function changePractice(
  ctx: AppContext,
  actor: AuditActor,
  companyId: number,
  patch: Partial<PracticeFields>,
  record: ChangeRecord,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx: Tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company) throw new NotFoundError('The practice');
    if (patch.doesAllocateProcedures && company.gatewayCode !== 'OPENDENTAL') {
      throw new BadRequestError(
        'body.doesAllocateProcedures',
        'Procedure allocation is available only when the practice management system is Open Dental.',
      );
    }
    const before = fieldsOf(company);
    const next: PracticeFields = { ...before };
    for (const [key, value] of Object.entries(patch) as [keyof PracticeFields, never][]) {
      if (value !== undefined) next[key] = value;
    }
    if (patch.phone !== undefined) next.phone = storedPhone(patch.phone);
    const diff = changedFields({ ...before }, { ...next });
    if (Object.keys(diff.after).length === 0) return;
    await tx
      .update(companies)
      .set({
        name: next.name,
        phone: next.phone,
        bccEmail: next.bccEmail === '' ? null : next.bccEmail,
        supportName: next.supportName,
        supportEmail: next.supportEmail,
        timeZone: next.timeZone,
        doesAllocateProcedures: next.doesAllocateProcedures,
        membershipDays: next.membershipDays,
      })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, actor, { ...record, companyId, ...diff }, now);
  });
  ctx.companies.forget(asPracticeId(companyId));
}

/** Settings' view of the practice's row (practiceSettings.ts). */
export async function practiceSettingsOf(ctx: AppContext, companyId: number): Promise<PracticeSettings> {
  const row = await findPractice(ctx.db, asPracticeId(companyId));
  if (!row) throw new NotFoundError('The practice');
  const fields = fieldsOf(row);
  return {
    practice: {
      name: fields.name,
      phone: fields.phone,
      bccEmail: fields.bccEmail,
      supportName: fields.supportName,
      supportEmail: fields.supportEmail,
      timeZone: fields.timeZone,
    },
    allocation: {
      doesAllocateProcedures: fields.doesAllocateProcedures,
      membershipDays: fields.membershipDays,
    },
    gatewayCode: row.gatewayCode as PracticeSettings['gatewayCode'],
  };
}
