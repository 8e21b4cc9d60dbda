/**
 * POST /api/transaction/refundVoid: refund (PROCESSREFUND) or void (PROCESSVOID) a transaction of the
 * practice, by its transactionResultId. The rules are in domain/refundVoid.ts; the flow, with what a
 * plan payment given back does to its plan, in payment-plans/giveBack.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/refund.js';
import { transactions } from '../../db/schema/index.js';
import { roleFor } from '../../domain/transactions/refundVoid.js';
import { giveBack } from '../../payment-plans/giveBack.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { defineRoute, practiceOf } from '../route.js';

const givingBack = { access: { anyRole: ['PROCESSREFUND', 'PROCESSVOID'] as Role[] } };

export const refundRoutes = [
  defineRoute(contract.refundVoid, givingBack, async ({ ctx, caller, body, idempotencyKey }) => {
    const role = roleFor(body.action);
    if (!caller.roles.has(role)) throw new ForbiddenError(`This needs the ${role} role.`);
    const [t] = await ctx.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.companyId, practiceOf(caller)), eq(transactions.transactionResultId, body.id)),
      )
      .limit(1);
    if (!t) throw new NotFoundError('The transaction');
    const done = await giveBack(ctx, caller, t, {
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
