/** The plan ledger's Refund for a cash or check payment: refunded in full by transactions/. */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { refundOrVoid } from '../transactions/refundVoid.js';
import { findTransaction } from '../transactions/store.js';
import { findLedgerItem } from '../transactions/paymentLedger.js';

export async function refundDeskPayment(
  ctx: AppContext,
  practice: PracticeId,
  request: {
    paymentPlanId: number;
    paymentLedgerId: number;
    amount: number;
    requestKey: string;
    userId: number | null;
  },
) {
  const item = await findLedgerItem(ctx.db, practice, request.paymentLedgerId);
  if (!item || item.paymentPlanId !== request.paymentPlanId) throw new NotFoundError('The ledger item');
  if (item.kind !== 'PAYMENT' || item.transactionId === null || item.fundingSource === 'CARD') {
    throw new BusinessError('Only a cash or check payment is refunded here.');
  }
  const t = await findTransaction(ctx.db, practice, item.transactionId);
  await refundOrVoid(ctx, practice, t!, {
    action: 'REFUND',
    refundAmount: request.amount,
    setActive: false,
    requestKey: request.requestKey,
    userId: request.userId,
  });
}
