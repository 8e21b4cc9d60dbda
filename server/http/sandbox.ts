/** The sandbox's own controls: the clock, and the outbox of texts and e-mails it "sent". */
import { desc, eq } from 'drizzle-orm';
import * as contract from '../../embed-sdk/contract/sandbox.js';
import type { AppContext } from '../context.js';
import { companies, outbox } from '../db/schema.js';
import { runDueJobs } from '../jobs/index.js';
import { renderOutboxPage } from './outboxPage.js';
import { defineRoute, type RouteDef } from './route.js';

/** The page shows this many messages, the newest. */
const OUTBOX_PAGE_SIZE = 500;

function clockValue(ctx: AppContext) {
  return { now: ctx.clock.now().toISOString(), today: ctx.clock.today(), offsetMs: ctx.clock.offsetMs() };
}

async function outboxMessages(ctx: AppContext, limit: number): Promise<contract.OutboxMessage[]> {
  const rows = await ctx.db
    .select({ m: outbox, practiceName: companies.name })
    .from(outbox)
    .leftJoin(companies, eq(companies.id, outbox.companyId))
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
  defineRoute(contract.outboxPage, { access: 'public' }, async ({ ctx, reply }) => {
    // Its Content-Security-Policy and Referrer-Policy: securityHeaders.ts.
    reply.header('cache-control', 'no-store');
    const html = renderOutboxPage(await outboxMessages(ctx, OUTBOX_PAGE_SIZE));
    return { raw: Buffer.from(html), contentType: 'text/html; charset=utf-8' };
  }),
  defineRoute(contract.outbox, { access: 'public' }, async ({ ctx, query }) => ({
    messages: await outboxMessages(ctx, query.limit),
  })),
] as unknown as RouteDef[];
