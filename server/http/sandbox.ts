/** The sandbox's own controls: the clock, and the outbox of texts and e-mails it "sent". */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../embed-sdk/contract/sandbox.js';
import type { AppContext } from '../context.js';
import { companies, outbox } from '../db/schema/index.js';
import { runDueJobs } from '../jobs/index.js';
import type { Caller } from './caller.js';
import { defineRoute, practiceOf, type RouteDef } from './route.js';

/** Where a person reads the outbox: a portal page, which signs them in first. */
export const OUTBOX_PAGE_PATH = '/sandbox/outbox';
export const OUTBOX_PORTAL_ROUTE = '/#/outbox';

function clockValue(ctx: AppContext) {
  return { now: ctx.clock.now().toISOString(), today: ctx.clock.today(), offsetMs: ctx.clock.offsetMs() };
}

/** The caller's current practice's messages; an administrator's are every practice's. */
async function outboxMessages(
  ctx: AppContext,
  caller: Caller,
  limit: number,
): Promise<contract.OutboxMessage[]> {
  const rows = await ctx.db
    .select({ m: outbox, practiceName: companies.name })
    .from(outbox)
    .leftJoin(companies, eq(companies.id, outbox.companyId))
    .where(caller.isAdmin ? undefined : eq(outbox.companyId, practiceOf(caller)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return rows.map(({ m, practiceName }) => ({
    id: m.id,
    companyId: m.companyId,
    practiceName,
    channel: m.channel as contract.OutboxMessage['channel'],
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    link: m.link,
    created: m.createdAt.toISOString(),
  }));
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
    return { messages: await outboxMessages(ctx, caller, query.limit) };
  }),
] as unknown as RouteDef[];

/** The outbox's old address (printed by `npm start`) leads to the portal's Outbox page. */
export function outboxPageRedirect(app: FastifyInstance) {
  app.get(OUTBOX_PAGE_PATH, (_req, reply) => reply.redirect(OUTBOX_PORTAL_ROUTE, 302));
}
