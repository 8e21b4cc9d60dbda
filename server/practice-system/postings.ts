/**
 * The connector's queue as staff and the sandbox touch it: Retry of a failed posting, and the
 * sandbox's switch that fails the next posting of a practice (so that a person and a test can see a
 * failed sync and Retry it).
 */
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { armFault, requeueFailed } from './queueStore.js';

/** Queues the transaction's failed postings again, due now; how many. */
export function retryFailedPostings(
  ctx: AppContext,
  tx: Db | Tx,
  practice: PracticeId,
  transactionId: number,
) {
  return requeueFailed(tx, practice, transactionId, ctx.clock.now());
}

export async function failNextPosting(ctx: AppContext, practice: PracticeId) {
  await armFault(ctx.db, practice, ctx.clock.now());
  return { armed: true as const };
}
