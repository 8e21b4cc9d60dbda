/**
 * The refund form's call: a payment of the practice, by its processor result id, refunded or voided.
 * REFUND needs PROCESSREFUND and VOID needs PROCESSVOID (domain/transactions/refundVoid.ts).
 */
import type { Role } from '../../embed-sdk/contract/common.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { roleFor, type RefundVoidAction } from '../domain/transactions/refundVoid.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { refundOrVoid, type RefundVoidResult } from './refundVoid.js';
import { findTransactionByResultId } from './store.js';

export async function refundOrVoidByResultId(
  ctx: AppContext,
  practice: PracticeId,
  caller: { roles: ReadonlySet<Role>; userId: number | null },
  request: {
    transactionResultId: string;
    action: RefundVoidAction;
    refundAmount: number;
    setActive: boolean;
    requestKey: string;
  },
): Promise<RefundVoidResult> {
  const role = roleFor(request.action);
  if (!caller.roles.has(role)) throw new ForbiddenError(`This needs the ${role} role.`);
  const t = await findTransactionByResultId(ctx.db, practice, request.transactionResultId);
  if (!t) throw new NotFoundError('The transaction');
  return refundOrVoid(ctx, practice, t, { ...request, userId: caller.userId });
}
