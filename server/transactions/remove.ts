/**
 * Remove Unassociated Payment (spec part 2, "Associate Transaction"): the payment leaves the
 * unassociated payments for good and can never be associated. It is neither voided nor refunded:
 * the money stays taken, and nothing is posted to the practice system.
 */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { findTransaction, removeUnassociated } from './store.js';

export const REMOVE_REFUSALS = {
  associated: 'This payment is associated with a patient: only an unassociated payment can be removed.',
  removed: 'This payment was removed already.',
} as const;

export async function removeUnassociatedPayment(
  ctx: AppContext,
  practice: PracticeId,
  transactionId: number,
) {
  const removed = await removeUnassociated(ctx.db, practice, transactionId, ctx.clock.now());
  if (removed) return { id: removed.id, removed: removed.orphanRemoved!.toISOString() };
  const t = await findTransaction(ctx.db, practice, transactionId);
  if (!t) throw new NotFoundError('The transaction');
  throw new BadRequestError(
    'body.id',
    t.orphanRemoved ? REMOVE_REFUSALS.removed : REMOVE_REFUSALS.associated,
  );
}
