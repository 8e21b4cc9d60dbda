/** GET /api/company/clinics */
import { asc, eq } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/company.js';
import { clinics } from '../../db/schema/index.js';
import { NotFoundError } from '../../errors.js';
import { defineRoute, practiceOf } from '../route.js';

export const companyRoutes = [
  defineRoute(contract.clinics, { access: 'member' }, async ({ ctx, caller }) => {
    const rows = await ctx.db
      .select({ clinicNum: clinics.clinicNum, description: clinics.description })
      .from(clinics)
      .where(eq(clinics.companyId, practiceOf(caller)))
      .orderBy(asc(clinics.clinicNum));
    return { clinics: rows };
  }),

  defineRoute(contract.current, { access: 'member' }, async ({ ctx, caller }) => {
    const company = await ctx.companies.get(practiceOf(caller));
    if (!company) throw new NotFoundError('The practice');
    return {
      id: company.id,
      name: company.name,
      gatewayCode: company.gatewayCode as contract.CurrentCompany['gatewayCode'],
      hasSurcharging: company.hasSurcharging,
      allowAddPatient: company.allowAddPatient,
      noSchedule: company.noSchedule,
      doesAllocateProcedures: company.doesAllocateProcedures,
      businessId: company.businessId,
      appId: company.appId,
    };
  }),
];
