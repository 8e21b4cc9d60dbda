/**
 * POST /api/transaction/refundVoid: refund (PROCESSREFUND) or void (PROCESSVOID) a transaction of the
 * practice, by its transactionResultId. The rules are in domain/transactions/refundVoid.ts; the flow,
 * with what the payment's source does afterwards, in transactions/refundVoid.ts. The refund form
 * reads the payment's pay splits first (getOpenDentalPayment).
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/refund.js';
import { getOpenDentalPayment } from '../../../embed-sdk/contract/transaction.js';
import { practicePaymentOf } from '../../transactions/practicePayment.js';
import { refundOrVoidByResultId } from '../../transactions/refundRequest.js';
import { defineRoute, practiceOf } from '../route.js';

const refundingOrVoiding = { access: { anyRole: ['PROCESSREFUND', 'PROCESSVOID'] as Role[] } };

export const refundRoutes = [
  defineRoute(getOpenDentalPayment, { access: 'member' }, async ({ ctx, caller, query }) =>
    practicePaymentOf(ctx, practiceOf(caller), query.transactionId),
  ),

  // Resumable: a run again with the same key finds the refund, or its reservation, by the key
  // (transactions/refundVoid.ts), so it neither refunds twice nor answers 409 after a restart.
  defineRoute(
    contract.refundVoid,
    { ...refundingOrVoiding, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) => {
      const done = await refundOrVoidByResultId(ctx, practiceOf(caller), caller, {
        transactionResultId: body.id,
        action: body.action,
        refundAmount: body.refundAmount,
        setActive: body.setActive,
        requestKey: idempotencyKey,
        procedures: body.procedures,
      });
      return {
        isApproved: true,
        statusMessage: done.statusMessage,
        referenceId: done.referenceId,
        refundAmount: done.parts.amount,
        orderAmount: done.parts.orderAmount,
        surchargeAmount: done.parts.surchargeAmount,
        paymentPlanStatus: done.paymentPlanStatus,
        membershipStatus: done.membershipStatus,
      };
    },
  ),
];
