/**
 * POST /api/transaction/refundVoid: refund (PROCESSREFUND) or void (PROCESSVOID) a transaction of the
 * practice, by its transactionResultId. The rules are in domain/transactions/refundVoid.ts; the flow,
 * with what the payment's source does afterwards, in transactions/refundVoid.ts.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/refund.js';
import { refundOrVoidByResultId } from '../../transactions/refundRequest.js';
import { defineRoute, practiceOf } from '../route.js';

const refundingOrVoiding = { access: { anyRole: ['PROCESSREFUND', 'PROCESSVOID'] as Role[] } };

export const refundRoutes = [
  defineRoute(contract.refundVoid, refundingOrVoiding, async ({ ctx, caller, body, idempotencyKey }) => {
    const done = await refundOrVoidByResultId(ctx, practiceOf(caller), caller, {
      transactionResultId: body.id,
      action: body.action,
      refundAmount: body.refundAmount,
      setActive: body.setActive,
      requestKey: idempotencyKey,
    });
    return {
      isApproved: true,
      statusMessage: done.statusMessage,
      referenceId: done.referenceId,
      refundAmount: done.parts.amount,
      orderAmount: done.parts.orderAmount,
      surchargeAmount: done.parts.surchargeAmount,
      paymentPlanStatus: done.paymentPlanStatus,
    };
  }),
];
