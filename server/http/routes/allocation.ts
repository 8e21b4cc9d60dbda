/**
 * Procedure allocation (part 2, "Procedure allocation modal"): a patient's procedures with what is
 * due, their treatment plans and family, a payment's allocation, and saving one (idempotent). Reading
 * needs a member of the practice; allocating, one of ALLOCATION_ROLES. The flows are in
 * server/allocation/ (the record's reads) and server/transactions/allocate.ts (the payment's side).
 */
import * as contract from '../../../embed-sdk/contract/allocation.js';
import { familyMembers, proceduresDueOf, treatmentPlansOf } from '../../allocation/records.js';
import { allocatePayment, allocationStatusOf } from '../../transactions/allocate.js';
import { defineRoute, practiceOf } from '../route.js';

const allocating = { access: { anyRole: [...contract.ALLOCATION_ROLES] } };

export const allocationRoutes = [
  defineRoute(contract.getProceduresDue, { access: 'member' }, async ({ ctx, caller, query }) =>
    proceduresDueOf(ctx, practiceOf(caller), { patNum: query.id, family: query.family ?? false }),
  ),

  defineRoute(contract.treatmentplans, { access: 'member' }, async ({ ctx, caller, query }) =>
    treatmentPlansOf(ctx, practiceOf(caller), { patNum: query.patNum, family: query.family ?? false }),
  ),

  defineRoute(contract.family, { access: 'member' }, async ({ ctx, caller, query }) =>
    familyMembers(ctx, practiceOf(caller), query.patNum),
  ),

  defineRoute(contract.allocationStatus, { access: 'member' }, async ({ ctx, caller, query }) =>
    allocationStatusOf(ctx, practiceOf(caller), query.transactionId),
  ),

  // Saving again with the same Idempotency-Key answers the first answer and writes nothing (route.ts).
  defineRoute(contract.allocate, allocating, async ({ ctx, caller, body }) =>
    allocatePayment(ctx, practiceOf(caller), body),
  ),
];
