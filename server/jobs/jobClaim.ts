/**
 * How every background job takes its work, so that several server instances on one database run it
 * once: a job's run holds the job's lock (db/namedLocks.ts), one per job name, for the whole run. An
 * instance that asks while another runs the job waits for that run to end, then runs it itself (what
 * its caller just made due is always taken), or skips it when it only polls. The lock dies with the
 * instance that held it, kill -9 included, so nothing waits for a lease to run out.
 *
 * Under the lock, each job still changes its records under their row locks, with the claims that make
 * a run cut off half-way safe to run again: a charge keeps its claim and idempotency key
 * (transactions/claimedCharge.ts), and a posting its claim (practice-system/queueStore.ts). Those are what
 * stop a run that lost its lock (its connection cut while it went on) from doing anything twice.
 *
 * A job added later is a `Job` run through `runJob`, and gets all of this.
 */
import type { AppContext } from '../context.js';

export interface Job {
  /** The lock's name and the log's. */
  name: string;
  run(ctx: AppContext): Promise<void>;
}

/**
 * Runs the job once on this instance, holding its lock; false when `wait` is off and another run
 * holds it. The sandbox clock is read again once the lock is held (the clock may have been moved on
 * any instance), and the run keeps that time to its end: a move meanwhile is the next run's, so a run
 * never sweeps a day it has not billed yet.
 */
export async function runJob(ctx: AppContext, job: Job, opts: { wait: boolean }): Promise<boolean> {
  const release = await ctx.database.locks.acquire(`job:${job.name}`, opts);
  if (!release) return false;
  try {
    await ctx.clock.refresh();
    await job.run({ ...ctx, clock: ctx.clock.pinned() });
    return true;
  } finally {
    await release();
  }
}
