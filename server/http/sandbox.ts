/** The sandbox's own controls: the clock, and the outbox of texts and e-mails it "sent". */
import type { FastifyInstance } from 'fastify';
import * as contract from '../../embed-sdk/contract/sandbox.js';
import type { AppContext } from '../context.js';
import { runDueJobs } from '../jobs/index.js';
import { outboxMessages } from '../outbox/outbox.js';
import { defineRoute, practiceOf, type RouteDef } from './route.js';

/** Where a person reads the outbox: a portal page, which signs them in first. */
export const OUTBOX_PAGE_PATH = '/sandbox/outbox';
export const OUTBOX_PORTAL_ROUTE = '/#/outbox';

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
  defineRoute(contract.outbox, { access: 'member' }, async ({ ctx, caller, query, reply }) => {
    // Recipients and live payment links: kept by no cache.
    reply.header('cache-control', 'no-store');
    const reader = { isAdmin: caller.isAdmin, practice: practiceOf(caller) };
    return { messages: await outboxMessages(ctx, reader, query.limit) };
  }),
] as unknown as RouteDef[];

/** The outbox's old address (printed by `npm start`) leads to the portal's Outbox page. */
export function outboxPageRedirect(app: FastifyInstance) {
  app.get(OUTBOX_PAGE_PATH, (_req, reply) => reply.redirect(OUTBOX_PORTAL_ROUTE, 302));
}
