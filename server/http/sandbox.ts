/**
 * The sandbox's own controls: the clock, the outbox of texts and e-mails it "sent", and the practice
 * system's connector told to fail its next posting, to fail every posting or to go silent.
 */
import type { FastifyInstance } from 'fastify';
import * as contract from '../../embed-sdk/contract/sandbox.js';
import type { AppContext } from '../context.js';
import { runDueJobs } from '../jobs/index.js';
import { outboxMessages } from '../outbox/outbox.js';
import { heartbeatWithKey, setConnectorMode } from '../practice-system/connectors.js';
import { failNextPosting } from '../practice-system/postings.js';
import type { Role } from '../../embed-sdk/contract/common.js';
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
  // Those who may act on transactions (refund, void) may see what a failed sync looks like.
  defineRoute(
    contract.failNextPosting,
    { access: { anyRole: ['PROCESSREFUND', 'PROCESSVOID'] as Role[] } },
    async ({ ctx, caller }) => failNextPosting(ctx, practiceOf(caller)),
  ),
  defineRoute(contract.setConnectorMode, { access: 'admin' }, async ({ ctx, body }) =>
    setConnectorMode(ctx, body.companyId, body.mode),
  ),

  // A connector outside the sandbox: its tunnel key is its credential, checked by the handler.
  defineRoute(contract.connectorHeartbeat, { access: 'public' }, async ({ ctx, body }) =>
    heartbeatWithKey(ctx, body),
  ),
] as unknown as RouteDef[];

/** The outbox's old address (printed by `npm start`) leads to the portal's Outbox page. */
export function outboxPageRedirect(app: FastifyInstance) {
  app.get(OUTBOX_PAGE_PATH, (_req, reply) => reply.redirect(OUTBOX_PORTAL_ROUTE, 302));
}
