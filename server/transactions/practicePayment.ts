/** The practice-system payment of one of the practice's transactions (the refund form's lookup). */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';
import { openDentalPayment } from '../practice-system/payments.js';
import { findTransaction } from './store.js';

export async function practicePaymentOf(ctx: AppContext, practice: PracticeId, transactionId: number) {
  const t = await findTransaction(ctx.db, practice, transactionId);
  if (!t) throw new NotFoundError('The transaction');
  return { payment: await openDentalPayment(ctx, practice, t.id) };
}
