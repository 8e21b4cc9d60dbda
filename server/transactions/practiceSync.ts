/**
 * A payment's sync with the practice system, as the transactions list shows it
 * (`practiceManagementStatus`: 0 pending, 1 failed, 2 posted). The connector (practice-system/) asks
 * for the status to be set when it has posted or failed; transactions/ writes the row and publishes
 * `TransactionProcessed`, as it does for every change of a transaction.
 */
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { retryFailedPostings } from '../practice-system/postings.js';
import { announceTransaction } from './announce.js';
import { findTransaction, setPracticeManagementStatus, type TransactionRecord } from './store.js';

export const PRACTICE_MANAGEMENT = { pending: 0, failed: 1, posted: 2 } as const;

/**
 * Sets the status within the connector's database transaction; `announce` (after it commits) tells
 * the practice's screens.
 */
export function markPracticeManagementStatus(
  tx: Tx,
  practice: PracticeId,
  transactionId: number,
  status: 0 | 1 | 2,
): Promise<TransactionRecord | null> {
  return setPracticeManagementStatus(tx, practice, transactionId, status);
}

/** TransactionProcessed for a posting: the payment's, or its refund's or void's (by that reference). */
export function announcePracticeManagementStatus(
  ctx: AppContext,
  t: TransactionRecord,
  refundVoidReferenceId: string | null,
) {
  announceTransaction(ctx, t, refundVoidReferenceId);
}

export const RETRY_MESSAGES = {
  notFailed: 'Only a payment whose posting to the practice management system failed can be retried.',
} as const;

/**
 * Retry of a failed posting: what failed is queued again, and the payment shows as pending.
 * `alsoWrite` joins the change's database transaction (the admin area's audit entry).
 */
export async function retryPosting(
  ctx: AppContext,
  practice: PracticeId,
  transactionId: number,
  alsoWrite?: (tx: Tx) => Promise<void>,
) {
  const t = await findTransaction(ctx.db, practice, transactionId);
  if (!t) throw new NotFoundError('The transaction');
  if (t.practiceManagementStatus !== PRACTICE_MANAGEMENT.failed)
    throw new BusinessError(RETRY_MESSAGES.notFailed);
  const row = await ctx.db.transaction(async (tx) => {
    const queued = await retryFailedPostings(ctx, tx, practice, transactionId);
    if (queued === 0) throw new BusinessError(RETRY_MESSAGES.notFailed);
    await alsoWrite?.(tx);
    return setPracticeManagementStatus(tx, practice, transactionId, PRACTICE_MANAGEMENT.pending);
  });
  announceTransaction(ctx, row!);
  return { practiceManagementStatus: row!.practiceManagementStatus };
}
