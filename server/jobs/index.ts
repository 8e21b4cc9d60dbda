/**
 * Work the sandbox does on its own, on a timer: whatever is due by the sandbox clock.
 * Each capability adds its job to `jobs`; `runDueJobs` runs them once, in order.
 */
import type { AppContext } from '../context.js';

export interface Job {
  name: string;
  run(ctx: AppContext): Promise<void>;
}

const jobs: Job[] = [];

let running: Promise<void> | null = null;

/** Runs every job once. Overlapping calls share the same run. */
export function runDueJobs(ctx: AppContext): Promise<void> {
  running ??= (async () => {
    try {
      for (const job of jobs) {
        try {
          await job.run(ctx);
        } catch (error) {
          ctx.log.error({ err: error, job: job.name }, 'background job failed');
        }
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

export function startJobs(ctx: AppContext, opts: { billingTimer: boolean; intervalMs?: number }) {
  if (!opts.billingTimer) return { stop: async () => undefined };
  const timer = setInterval(() => void runDueJobs(ctx), opts.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
