/**
 * Insurance reimbursements (part 2, "Insurance reimbursements"; issue 33): the list, the carriers,
 * one reimbursement (also from an INSURANCE transaction's source link, for VIEWINSURANCEPAYMENTS),
 * a carrier's sent claims, and a new reimbursement. Open Dental practices only: elsewhere every call
 * answers 404, as does another practice's id. The flows are in server/reimbursements/.
 */
import * as contract from '../../../embed-sdk/contract/insurance.js';
import { createInsurancePayment } from '../../reimbursements/create.js';
import {
  insuranceCarriers,
  insurancePaymentList,
  insurancePaymentView,
  sentClaims,
} from '../../reimbursements/view.js';
import { defineRoute, practiceOf } from '../route.js';

const viewing = { access: { anyRole: [...contract.REIMBURSEMENT_VIEW_ROLES] } };
const opening = { access: { anyRole: [...contract.REIMBURSEMENT_DETAIL_ROLES] } };
const processing = { access: { anyRole: [...contract.REIMBURSEMENT_PROCESS_ROLES] } };

export const insuranceRoutes = [
  defineRoute(contract.list, viewing, async ({ ctx, caller, body }) =>
    insurancePaymentList(ctx, practiceOf(caller), body),
  ),

  defineRoute(contract.carriers, viewing, async ({ ctx, caller }) =>
    insuranceCarriers(ctx, practiceOf(caller)),
  ),

  defineRoute(contract.getInsurancePayment, opening, async ({ ctx, caller, query }) =>
    insurancePaymentView(ctx, practiceOf(caller), query.id),
  ),

  defineRoute(contract.claims, processing, async ({ ctx, caller, query }) =>
    sentClaims(ctx, practiceOf(caller), query.carrierName),
  ),

  defineRoute(
    contract.createInsurancePayment,
    // The save is keyed by the Idempotency-Key (reimbursements/create.ts): a save whose server
    // stopped runs again and finishes what its first run began, charging the card once.
    { ...processing, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) =>
      createInsurancePayment(ctx, practiceOf(caller), caller, body, idempotencyKey),
  ),
];
