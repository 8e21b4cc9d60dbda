/**
 * The admin area's calls: a platform administrator only (the `admin` access rule, checked before
 * each handler). Each change writes its audit entry in the transaction of the change.
 */
import * as contract from '../../../embed-sdk/contract/admin.js';
import { listAudit, type AuditActor } from '../../admin/audit.js';
import { listPractices, practiceProfile } from '../../admin/companies/store.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../caller.js';
import { defineRoute, type RouteDef } from '../route.js';

/** The access rule of every admin call. */
export const admin = { access: 'admin' as const };

/** The administrator making a call, as the audit log records them. */
export function actorOf(caller: Caller): AuditActor {
  return { userId: caller.userId ?? 0, email: caller.email };
}

export const adminRoutes = [
  defineRoute(contract.adminAudit, admin, async ({ ctx, query }) => {
    const { page, ...filter } = query;
    return listAudit(ctx.db, filter, page);
  }),

  defineRoute(contract.adminCompanies, admin, async ({ ctx, query }) =>
    listPractices(ctx.db, query, ctx.clock.now()),
  ),

  defineRoute(contract.adminCompany, admin, async ({ ctx, query }) => {
    const company = await practiceProfile(ctx.db, query.id, ctx.clock.now());
    if (!company) throw new NotFoundError('The practice');
    return company;
  }),
] as unknown as RouteDef[];
