/**
 * The admin area's Queues (issue 35): each queue's depth, oldest item and failures; a paused queue
 * takes nothing (postings wait, charges wait, messages are held) until it is resumed, whatever the
 * instance, since the pause is a row; a resumed outbox sends what it held; a failed billing item is
 * retried; each change audited; administrators only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem, QueueSummary } from '../../embed-sdk/contract/queues.js';
import { auditLog, practicePostings, transactions } from '../../server/db/schema/index.js';
import { isQueuePaused } from '../../server/jobs/pause.js';
import { runDuePostings } from '../../server/practice-system/connector.js';
import { CARDS, createRequest, idempotencyKey, newCustomer, payWithCard } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const later = (ms: number) => new Date(server.ctx.clock.now().getTime() + ms);

async function queues() {
  const res = await server.call<{ queues: QueueSummary[] }>('GET', '/api/admin/queues', { token: admin });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.value!.queues.map((q) => [q.queue, q])) as Record<string, QueueSummary>;
}

async function items(queue: string, extra = '') {
  const res = await server.call<{ items: QueueItem[]; totalCount: number }>(
    'GET',
    `/api/admin/queue/items?queue=${queue}${extra}`,
    { token: admin },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function pause(queue: string, paused: boolean) {
  const res = await server.call<QueueSummary>('POST', '/api/admin/queue/pause', {
    token: admin,
    body: { queue, paused },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

type Outbox = { messages: { recipient: string }[] };
const outbox = async () =>
  (await server.call<Outbox>('GET', '/sandbox/outbox.json?limit=1000', { token: admin })).body.value!
    .messages;

describe('queues', () => {
  it('a paused postings queue takes nothing on any instance until resumed; the pause is audited', async () => {
    const paused = await pause('POSTINGS', true);
    expect(paused).toMatchObject({ queue: 'POSTINGS', paused: true, pausedBy: expect.stringContaining('@') });
    // The pause is in the database: every instance (and one started later) reads it there.
    expect(await isQueuePaused(server.ctx.db, 'POSTINGS')).toBe(true);

    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await createRequest(server, frontdesk, customer, 4_321);
    const paid = await payWithCard(server, linkToken, CARDS.visa);
    const [t] = await server.ctx.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.referenceId, paid.body.value!.referenceId));
    expect(await runDuePostings(server.ctx, { now: later(60_000) })).toEqual({ posted: 0, failed: 0 });

    const q = (await queues()).POSTINGS!;
    expect(q.depth).toBeGreaterThanOrEqual(1);
    expect(q.oldestAt).not.toBeNull();
    const waiting = await items('POSTINGS', '&state=WAITING');
    expect(waiting.totalCount).toBe(q.depth);
    const shownId = paid.body.value!.referenceId.split('-')[0]!;
    const mine = waiting.items.find((i) => i.description.endsWith(shownId));
    expect(mine, JSON.stringify(waiting.items)).toMatchObject({
      itemType: 'POSTING',
      state: 'WAITING',
      companyName: 'Bright Smiles Dental',
      description: `Payment of transaction ${shownId}`,
    });

    await pause('POSTINGS', false);
    expect((await runDuePostings(server.ctx, { now: later(60_000) })).posted).toBeGreaterThanOrEqual(1);
    const [posting] = await server.ctx.db
      .select({ state: practicePostings.state })
      .from(practicePostings)
      .where(eq(practicePostings.transactionId, t!.id));
    expect(posting!.state).toBe('POSTED');
    expect((await queues()).POSTINGS!.paused).toBe(false);

    const audit = await server.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'queue'), eq(auditLog.targetId, 'POSTINGS')));
    expect(audit.map((a) => a.action)).toEqual(['queue.pause', 'queue.resume']);
  });

  it('a paused outbox holds the messages, lists them, and sends them when resumed', async () => {
    await pause('OUTBOX', true);
    // Pausing a paused queue changes nothing and writes no second entry.
    await pause('OUTBOX', true);
    const customer = await newCustomer(server, frontdesk);
    await createRequest(server, frontdesk, customer, 1_500);
    expect((await outbox()).some((m) => m.recipient === customer.email)).toBe(false);
    const held = await items('OUTBOX');
    expect(held.items.map((i) => i.description)).toEqual(
      expect.arrayContaining([expect.stringContaining(`E-mail to ${customer.email}`)]),
    );
    expect((await queues()).OUTBOX).toMatchObject({ depth: held.totalCount, failures: null, paused: true });

    await pause('OUTBOX', false);
    expect((await outbox()).some((m) => m.recipient === customer.email)).toBe(true);
    expect((await queues()).OUTBOX!.depth).toBe(0);
    const audit = await server.ctx.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'queue'), eq(auditLog.targetId, 'OUTBOX')));
    expect(audit.map((a) => a.action)).toEqual(['queue.pause', 'queue.resume']);
    expect(audit[1]!.after).toMatchObject({ paused: false, sent: expect.any(Number) });
    expect(await isQueuePaused(server.ctx.db, 'OUTBOX')).toBe(false);
  });

  it('lists failed billing first, and retries one with an idempotency key, audited', async () => {
    const q = (await queues()).BILLING!;
    const failed = await items('BILLING', '&state=FAILED');
    expect(failed.totalCount).toBe(q.failures);
    // The demo's practices have plans past due and memberships declined.
    expect(failed.totalCount).toBeGreaterThan(0);
    for (const item of failed.items) expect(item.state).toBe('FAILED');
    const all = await items('BILLING');
    expect(all.totalCount).toBe((q.failures ?? 0) + q.depth);
    expect(all.items[0]!.state).toBe('FAILED');

    const item = failed.items[0]!;
    const retried = await server.call<{ approved: boolean; message: string | null }>(
      'POST',
      '/api/admin/queue/retryBilling',
      {
        token: admin,
        headers: idempotencyKey(),
        body: { companyId: item.companyId, itemType: item.itemType, id: item.id },
      },
    );
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(typeof retried.body.value!.approved).toBe('boolean');
    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'billing.retry'), eq(auditLog.targetId, String(item.id))));
    expect(entry).toMatchObject({
      companyId: item.companyId,
      after: { approved: retried.body.value!.approved },
    });
  });

  it('answers only administrators', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/queues', undefined],
      ['GET', '/api/admin/queue/items?queue=BILLING', undefined],
      ['POST', '/api/admin/queue/pause', { queue: 'BILLING', paused: true }],
    ] as const) {
      const res = await server.call(method, path, { token: frontdesk, body });
      expect(res.status, path).toBe(403);
    }
    expect(await isQueuePaused(server.ctx.db, 'BILLING')).toBe(false);
  });
});
