/** GET /api/company/clinics and /api/company/current. */
import * as contract from '../../../embed-sdk/contract/company.js';
import { hasSurchargeInEffect } from '../../../embed-sdk/rules/surcharge.js';
import { practiceClinics } from '../../patients/clinics.js';
import { currentPractice } from '../../practices/practices.js';
import { defineRoute, practiceOf } from '../route.js';

export const companyRoutes = [
  defineRoute(contract.clinics, { access: 'member' }, async ({ ctx, caller }) => ({
    clinics: await practiceClinics(ctx, practiceOf(caller)),
  })),

  defineRoute(contract.current, { access: 'member' }, async ({ ctx, caller }) => {
    const company = await currentPractice(ctx, practiceOf(caller));
    return {
      id: company.id,
      name: company.name,
      gatewayCode: company.gatewayCode as contract.CurrentCompany['gatewayCode'],
      hasSurcharging: hasSurchargeInEffect(company),
      allowAddPatient: company.allowAddPatient,
      noSchedule: company.noSchedule,
      doesAllocateProcedures: company.doesAllocateProcedures,
      businessId: company.businessId,
      appId: company.appId,
      you: { isAdmin: caller.isAdmin, roles: [...caller.roles] },
    };
  }),
];
