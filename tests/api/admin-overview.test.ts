/**
 * The admin area's home (issue 35): each figure of the platform at a glance is checked against its own
 * count in the database or against the screen it links to, and moves when the records do.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { adminOverview } from '../../embed-sdk/contract/overview.js';
import type { ValueOf } from '../../embed-sdk/contract/endpoint.js';
import { companies, transactions, users } from '../../server/db/schema/index.js';
import { CARDS, createRequest, newCustomer, payWithCard } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

type Overview = ValueOf<typeof adminOverview>;

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

async function ok<T>(path: string, token = admin) {
  const res = await server.call<T>('GET', path, { token });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.value!;
}

const overview = () => ok<Overview>('/api/admin/overview');

describe('the platform at a glance', () => {
  it('agrees with the database and with the screens each figure links to', async () => {
    const o = await overview();
    const db = server.ctx.db;
    const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
    const practices = await countOf(db.select({ n: sql<number>`count(*)::int` }).from(companies));
    const notDisabled = await countOf(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(isNull(users.disabledAt)),
    );
    const disabled = await countOf(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.disabledAt} is not null`),
    );
    expect(o.practices.total).toBe(practices);
    expect(o.practices.active).toBeGreaterThan(0);
    expect(o.practices.active).toBeLessThanOrEqual(practices);
    expect(o.people.active + o.people.invited).toBe(notDisabled);
    expect(o.people.disabled).toBe(disabled);

    const connectors = await ok<{ counts: Overview['connectors'] }>('/api/admin/connectors');
    expect(o.connectors).toEqual(connectors.counts);
    const queues = await ok<{ queues: Overview['queues'] }>('/api/admin/queues');
    expect(o.queues.map((q) => [q.queue, q.depth, q.failures])).toEqual(
      queues.queues.map((q) => [q.queue, q.depth, q.failures]),
    );
    expect(o.queues.map((q) => q.queue)).toEqual(['BILLING', 'POSTINGS', 'OUTBOX']);
    const anomalies = await ok<{ totalCount: number }>('/api/admin/anomalies');
    expect(o.anomalies.open).toBe(anomalies.totalCount);
    expect(Object.values(o.anomalies.byKind).reduce((a, b) => a + b, 0)).toBe(o.anomalies.open);
  });

  it("counts a payment approved now in today's approvals and volume", async () => {
    const before = await overview();
    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await createRequest(server, frontdesk, customer, 12_345);
    const paid = await payWithCard(server, linkToken, CARDS.visa);
    expect(paid.body.isSuccess, JSON.stringify(paid.body)).toBe(true);
    const after = await overview();
    expect(after.today.approvals).toBe(before.today.approvals + 1);
    const [t] = await server.ctx.db
      .select({ amount: transactions.amount })
      .from(transactions)
      .where(eq(transactions.referenceId, paid.body.value!.referenceId));
    expect(t!.amount).toBeGreaterThanOrEqual(12_345);
    expect(after.today.volume).toBe(before.today.volume + t!.amount);
    expect(after.today.declines).toBe(before.today.declines);
  });

  it('answers the front desk 403 with nothing in it', async () => {
    const res = await server.call('GET', '/api/admin/overview', { token: frontdesk });
    expect(res.status).toBe(403);
    expect((res.body as { value: unknown }).value).toBeNull();
  });
});
