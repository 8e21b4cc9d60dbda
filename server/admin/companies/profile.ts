/**
 * A practice's profile and settings as an administrator edits them on its page: its name and phone
 * (as patients see them), procedure allocation (Open Dental's alone), how many days before a
 * membership ends its notice goes, and the BCC address of the e-mails to its patients. The change is
 * the one its managers make in Settings (practices/settings.ts), recorded as 'company.update'.
 */
import type { AppContext } from '../../context.js';
import { changePractice } from '../../practices/settings.js';
import type { AuditActor } from '../audit.js';
import { practiceProfile } from './store.js';

export interface ProfileChange {
  id: number;
  name: string;
  phone: string;
  doesAllocateProcedures: boolean;
  membershipDays: number;
  bccEmail: string;
}

export async function saveProfile(ctx: AppContext, actor: AuditActor, change: ProfileChange) {
  const { id, ...fields } = change;
  await changePractice(ctx, actor, id, fields, {
    action: 'company.update',
    targetType: 'company',
    targetId: id,
  });
  return (await practiceProfile(ctx.db, id, ctx.clock.now()))!;
}
