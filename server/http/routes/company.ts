/** GET /api/company/clinics */
import { asc, eq } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/company.js';
import { clinics } from '../../db/schema.js';
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
];
