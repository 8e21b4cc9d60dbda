/** The sandbox's own controls: the clock. (The outbox page joins in with payment requests.) */
import * as contract from '../../embed-sdk/contract/sandbox.js';
import type { AppContext } from '../context.js';
import { runDueJobs } from '../jobs/index.js';
import { defineRoute, type RouteDef } from './route.js';

function clockValue(ctx: AppContext) {
  return { now: ctx.clock.now().toISOString(), today: ctx.clock.today(), offsetMs: ctx.clock.offsetMs() };
}

export const sandboxRoutes = [
  defineRoute(contract.clock, { access: 'public' }, async ({ ctx }) => clockValue(ctx)),
  defineRoute(contract.advanceClock, { access: 'admin' }, async ({ ctx, body }) => {
    await ctx.clock.advance(((body.days * 24 + body.hours) * 60 + body.minutes) * 60_000);
    await runDueJobs(ctx);
    return clockValue(ctx);
  }),
] as unknown as RouteDef[];
