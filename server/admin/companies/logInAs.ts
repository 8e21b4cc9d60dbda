/**
 * 'Log in as this practice' (POST /api/auth/loginFromCompany): the administrator's current practice
 * becomes this one, and the audit log records who entered which practice, from which, in the same
 * transaction.
 */
import type { AppContext } from '../../context.js';
import { enterPractice, type SessionCaller } from '../../identity/sessions.js';
import { recordAudit, type AuditActor } from '../audit.js';

export async function logInAsPractice(
  ctx: AppContext,
  caller: SessionCaller & { companyId: number | null },
  actor: AuditActor,
  companyId: number,
) {
  const at = ctx.clock.now();
  return enterPractice(ctx, caller, companyId, (tx) =>
    recordAudit(
      tx,
      actor,
      {
        action: 'company.loginAs',
        companyId,
        targetType: 'company',
        targetId: companyId,
        before: { currentCompanyId: caller.companyId },
        after: { currentCompanyId: companyId },
      },
      at,
    ),
  );
}
