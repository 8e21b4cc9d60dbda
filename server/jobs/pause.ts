/**
 * Pausing a background queue (the admin area's Queues screen): billing (plans' and memberships'
 * charges), the practice system's postings, and the outbox. A paused queue is a row of
 * `paused_queues`, so it holds on every instance and after a restart; each job reads it before it
 * takes work, and the postings' claim and the outbox's insert read it in their own statement, so
 * nothing slips between a check and a claim.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queue } from '../../embed-sdk/contract/queues.js';
import type { Db, Tx } from '../db/client.js';
import { pausedQueues } from '../db/schema/admin.js';
import type { Job } from './jobClaim.js';

export type { Queue };

/** True (in SQL) while the queue is paused. */
export function queuePausedSql(queue: Queue): SQL {
  return sql`exists (select 1 from ${pausedQueues} where ${pausedQueues.queue} = ${queue})`;
}

export async function pausedQueueRows(db: Db | Tx) {
  return db.select().from(pausedQueues);
}

export async function isQueuePaused(db: Db | Tx, queue: Queue): Promise<boolean> {
  const [row] = await db.select().from(pausedQueues).where(eq(pausedQueues.queue, queue));
  return row !== undefined;
}

/** Pauses or resumes the queue; whether that changed anything (it was not already so). */
export async function setQueuePaused(
  tx: Db | Tx,
  queue: Queue,
  change: { paused: boolean; by: string; at: Date },
): Promise<boolean> {
  const rows = change.paused
    ? await tx
        .insert(pausedQueues)
        .values({ queue, pausedAt: change.at, pausedBy: change.by })
        .onConflictDoNothing()
        .returning({ queue: pausedQueues.queue })
    : await tx
        .delete(pausedQueues)
        .where(eq(pausedQueues.queue, queue))
        .returning({ queue: pausedQueues.queue });
  return rows.length > 0;
}

/** The job, skipped while its queue is paused. */
export function unlessPaused(queue: Queue, job: Job): Job {
  return {
    name: job.name,
    async run(ctx) {
      if (await isQueuePaused(ctx.db, queue)) return;
      await job.run(ctx);
    },
  };
}
