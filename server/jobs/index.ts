/**
 * Work the sandbox does on its own, on a timer: whatever is due by the sandbox clock.
 * Each capability adds its job to `jobs`; `runDueJobs` runs them once, in order. The practice
 * system's connector also has its own short poll (`startJobs`'s `connector`): its postings are due
 * seconds after a payment, not on a billing date. Every run of every job goes through `runJob`
 * (jobClaim.ts), so that instances sharing a database run each job one at a time.
 */
import { anomalyChecksJob } from '../admin/anomalies.js';
import type { AppContext } from '../context.js';
import { membershipBillingJob } from '../memberships/billing.js';
import { recoverStaleCharges as recoverStaleMembershipCharges } from '../memberships/charges.js';
import { logRetentionJob } from '../logs/retention.js';
import { nextRun, type NextRun } from '../nextRun.js';
import { announcementsJob } from '../notifications/announcements.js';
import { planBillingJob } from '../payment-plans/billing.js';
import { bulkRequestsJob, stopBulkSends } from '../payment-requests/bulkWorker.js';
import { recoverStaleCharges as recoverStalePlanCharges } from '../payment-plans/charges.js';
import { scheduledRemindersJob } from '../payment-requests/scheduledReminders.js';
import { POLL_MS, runDuePostings } from '../practice-system/connector.js';
import { sendHeartbeats } from '../practice-system/connectors.js';
import { cardEntriesJob } from '../saved-cards/cardEntries.js';
import { recoverStaleRequestCharges } from '../transactions/requestCharges.js';
import { runJob, type Job } from './jobClaim.js';
import { unlessPaused } from './pause.js';

export type { Job };

/** The connectors' heartbeats that are due, then their postings. */
const practiceSystemPostingJob: Job = {
  name: 'practice-system postings',
  async run(ctx) {
    await sendHeartbeats(ctx.db, ctx.clock.now());
    await runDuePostings(ctx);
  },
};

/**
 * The recovery pass: every card charge claimed by a server that stopped (or whose lease ran out) is
 * replayed with its key and recorded (transactions/claimedCharge.ts), whether or not its request is
 * sent again. Each server runs it as it starts, whatever its billing timer, and first in every run;
 * its lock makes instances take turns, and a claim is recorded once however many replay it.
 */
export const interruptedChargesJob: Job = {
  name: 'interrupted charges',
  async run(ctx) {
    await recoverStaleRequestCharges(ctx);
    await recoverStalePlanCharges(ctx);
    await recoverStaleMembershipCharges(ctx);
  },
};

const jobs: Job[] = [
  interruptedChargesJob,
  // Paused from the admin area's Queues: no charge is taken until the billing queue is resumed.
  unlessPaused('BILLING', planBillingJob),
  unlessPaused('BILLING', membershipBillingJob),
  practiceSystemPostingJob,
  // Held in the outbox while it is paused, as Send Reminder's messages are.
  scheduledRemindersJob,
  cardEntriesJob,
  announcementsJob,
  // Bulk sends whose server stopped mid-way: taken over once their claim lapsed.
  bulkRequestsJob,
  logRetentionJob,
  // Last: it looks at what the others did (a payment posted, a plan paid).
  anomalyChecksJob,
];

async function runAll(ctx: AppContext) {
  for (const job of jobs) {
    try {
      await runJob(ctx, job, { wait: true });
    } catch (error) {
      ctx.log.error({ err: error, job: job.name }, 'background job failed');
    }
  }
}

/** Per server (a test process may hold several). */
const runs = new WeakMap<AppContext, NextRun>();

/**
 * Runs every job once. A call during a run gets the next run, which starts when that one ends, so
 * what the call made due (a clock just moved forward) is always taken; calls meanwhile share it.
 * A job another instance is running is waited for, then run here.
 */
export function runDueJobs(ctx: AppContext): Promise<void> {
  let run = runs.get(ctx);
  if (!run) runs.set(ctx, (run = nextRun(() => runAll(ctx))));
  return run();
}

/** The connector's poll: a tick skips the postings while a run holds them (here or on another instance). */
function startConnector(ctx: AppContext, intervalMs: number) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runJob(ctx, practiceSystemPostingJob, { wait: false })
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'practice-system connector failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export function startJobs(
  ctx: AppContext,
  opts: { billingTimer: boolean; connector: boolean; intervalMs?: number; connectorIntervalMs?: number },
) {
  const recovery = runJob(ctx, interruptedChargesJob, { wait: true }).catch((error: unknown) =>
    ctx.log.error({ err: error }, 'recording interrupted charges failed'),
  );
  const stops: (() => Promise<void>)[] = [async () => void (await recovery), () => stopBulkSends(ctx)];
  if (opts.connector) stops.push(startConnector(ctx, opts.connectorIntervalMs ?? POLL_MS));
  if (opts.billingTimer) {
    const timer = setInterval(() => void runDueJobs(ctx), opts.intervalMs ?? 60_000);
    timer.unref();
    // What fell due while the server was stopped is taken up at once.
    void runDueJobs(ctx);
    stops.push(async () => {
      clearInterval(timer);
      await runs.get(ctx)?.idle();
    });
  }
  return {
    async stop() {
      for (const stop of stops) await stop();
    },
  };
}
