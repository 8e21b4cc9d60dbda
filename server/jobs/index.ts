/**
 * Work the sandbox does on its own, on a timer: whatever is due by the sandbox clock.
 * Each capability adds its job to `jobs`; `runDueJobs` runs them once, in order. The practice
 * system's connector also has its own short poll (`startJobs`'s `connector`): its postings are due
 * seconds after a payment, not on a billing date.
 */
import type { AppContext } from '../context.js';
import { membershipBillingJob } from '../memberships/billing.js';
import { planBillingJob } from '../payment-plans/billing.js';
import { POLL_MS, runDuePostings } from '../practice-system/connector.js';

export interface Job {
  name: string;
  run(ctx: AppContext): Promise<void>;
}

const practiceSystemPostingJob: Job = {
  name: 'practice-system postings',
  run: async (ctx) => void (await runDuePostings(ctx)),
};

const jobs: Job[] = [planBillingJob, membershipBillingJob, practiceSystemPostingJob];

async function runAll(ctx: AppContext) {
  for (const job of jobs) {
    try {
      await job.run(ctx);
    } catch (error) {
      ctx.log.error({ err: error, job: job.name }, 'background job failed');
    }
  }
}

/** Per server (a test process may hold several): the run under way, and the one waiting for it. */
const runs = new WeakMap<AppContext, { active: Promise<void> | null; queued: Promise<void> | null }>();

/**
 * Runs every job once. A call during a run gets the next run, which starts when that one ends, so
 * what the call made due (a clock just moved forward) is always taken; calls meanwhile share it.
 */
export function runDueJobs(ctx: AppContext): Promise<void> {
  let state = runs.get(ctx);
  if (!state) runs.set(ctx, (state = { active: null, queued: null }));
  const s = state;
  const start = () => {
    const active = runAll(ctx).finally(() => {
      if (s.active === active) s.active = null;
    });
    s.active = active;
    return active;
  };
  if (s.queued) return s.queued;
  if (!s.active) return start();
  const queued = s.active.then(() => {
    s.queued = null;
    return start();
  });
  s.queued = queued;
  return queued;
}

/** The connector's poll: one run at a time per server; a tick during a run is skipped. */
function startConnector(ctx: AppContext, intervalMs: number) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runDuePostings(ctx)
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
  const stops: (() => Promise<void>)[] = [];
  if (opts.connector) stops.push(startConnector(ctx, opts.connectorIntervalMs ?? POLL_MS));
  if (opts.billingTimer) {
    const timer = setInterval(() => void runDueJobs(ctx), opts.intervalMs ?? 60_000);
    timer.unref();
    // What fell due while the server was stopped is taken up at once.
    void runDueJobs(ctx);
    stops.push(async () => {
      clearInterval(timer);
      const state = runs.get(ctx);
      await state?.queued;
      await state?.active;
    });
  }
  return {
    async stop() {
      for (const stop of stops) await stop();
    },
  };
}
